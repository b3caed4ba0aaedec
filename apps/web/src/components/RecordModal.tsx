import { Tabs, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { holdVersion } from '../lib/apiClient.ts';
import { AppModal, type AppModalProps } from './AppModal.tsx';
import { HistoryList } from './HistoryList.tsx';
import { historyMessages } from './history.ts';
import { componentMessages as t } from './messages.ts';

export type RecordModalProps = Omit<AppModalProps, 'children'> & {
  /** True while the record to edit (or what a new one starts from) is being loaded. */
  loading: boolean;
  /** The record to edit could not be loaded: the modal closes (the query has notified the error). */
  loadFailed: boolean;
  /** The form, keyed by the record so that another record starts a fresh form. */
  children: ReactNode;
  /** The edited record's API path (`/orders/{uuid}`): its 'Historia zmian' tab is shown beside the form. */
  historyPath?: string | null;
};

/** A modal that creates or edits one record: a loading line until the record is there, closing on a failed load. */
export function RecordModal({ loading, loadFailed, children, historyPath, ...props }: RecordModalProps) {
  const { opened, onClose } = props;
  useEffect(() => {
    if (opened && loadFailed) onClose();
  }, [opened, loadFailed, onClose]);
  // The save is based on the record as the form loaded it: a list refreshed behind the modal must not turn someone
  // else's change, made meanwhile, into the version this save claims to have seen (If-Match).
  useEffect(() => {
    if (!opened || loading || !historyPath) return;
    return holdVersion(historyPath);
  }, [opened, loading, historyPath]);

  return (
    <AppModal {...props}>
      {loading ? (
        <Text c="dimmed" role="status">
          {t.loading}
        </Text>
      ) : historyPath ? (
        // The form stays mounted while the history is looked at: nothing typed is lost.
        <Tabs defaultValue="data" keepMounted>
          <Tabs.List mb="sm">
            <Tabs.Tab value="data">{historyMessages.dataTab}</Tabs.Tab>
            <Tabs.Tab value="history">{historyMessages.tab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="data">{children}</Tabs.Panel>
          <Tabs.Panel value="history">
            <HistoryList path={historyPath} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        children
      )}
    </AppModal>
  );
}

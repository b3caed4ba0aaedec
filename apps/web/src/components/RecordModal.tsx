import { Tabs, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect } from 'react';
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

/**
 * A field to type into: not a radio or a checkbox (a type switch comes first in some forms), nor a read-only one, nor
 * one that opens a dropdown when focused (a date picker, a searchable select): Esc would close that dropdown, not the
 * modal, and a calendar over the form is not what opening it asked for.
 */
const FIELD = ['input:not([type=hidden]):not([type=radio]):not([type=checkbox])', 'textarea']
  .map(
    (field) =>
      `${field}:not([disabled]):not([readonly]):not([aria-haspopup]):not([role=combobox]):not([data-dates-input])`,
  )
  .join(', ');

/**
 * The form's first field gets the cursor (issue 34: a new invoice opened with it on the ×). Mantine's focus trap
 * focuses `[data-autofocus]`, else the first button, the ×; the form's first field is marked before the trap runs, and
 * focused at once when the form comes after the trap has run (it was still loading).
 */
function focusFirstField(content: HTMLElement | null) {
  if (!content || content.querySelector('[data-autofocus]')) return;
  const field = [...content.querySelectorAll<HTMLElement>(FIELD)].find(
    (f) => !f.closest('[hidden], [aria-hidden="true"]'),
  );
  if (!field) return;
  field.setAttribute('data-autofocus', 'true');
  const dialog = content.closest('[role="dialog"]');
  const active = document.activeElement;
  if (dialog && active && dialog.contains(active) && !content.contains(active)) field.focus({ preventScroll: true });
}

/** A modal that creates or edits one record: a loading line until the record is there, closing on a failed load. */
export function RecordModal({ loading, loadFailed, children, historyPath, ...props }: RecordModalProps) {
  const { opened, onClose } = props;
  // Called when the form's box mounts (Mantine mounts a modal's content a render after opening, and the record may
  // come later still), before the focus trap's timeout.
  const contentRef = useCallback((node: HTMLDivElement | null) => focusFirstField(node), []);
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
      ) : (
        <div ref={contentRef}>
          {historyPath ? (
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
        </div>
      )}
    </AppModal>
  );
}

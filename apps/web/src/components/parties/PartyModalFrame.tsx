import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { AppModal } from '../AppModal.tsx';
import { componentMessages } from '../messages.ts';
import { partyMessages as t } from './messages.ts';

export type PartyModalFrameProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** True while the record to edit is being loaded. */
  loading: boolean;
  /** The record to edit could not be loaded: the modal closes (the query has notified the error). */
  loadFailed: boolean;
  children: ReactNode;
};

/** The customer and carrier modals' frame: the main modal width, a loading line, closing on a failed load. */
export function PartyModalFrame({ opened, onClose, title, loading, loadFailed, children }: PartyModalFrameProps) {
  useEffect(() => {
    if (opened && loadFailed) onClose();
  }, [opened, loadFailed, onClose]);

  return (
    <AppModal opened={opened} onClose={onClose} title={title}>
      {loading ? (
        <Text c="dimmed" role="status">
          {componentMessages.loading}
        </Text>
      ) : (
        children
      )}
    </AppModal>
  );
}

/** 'Anuluj' and 'Zapisz'; both disabled while saving, so one click makes one request. */
export function PartyFormActions({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Group justify="flex-end" mt="xl">
      <Button variant="default" onClick={onCancel} disabled={saving}>
        {t.cancel}
      </Button>
      <Button type="submit" loading={saving} disabled={saving}>
        {t.save}
      </Button>
    </Group>
  );
}

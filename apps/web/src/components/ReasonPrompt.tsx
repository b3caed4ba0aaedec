import { Button, Group } from '@mantine/core';
import { DEFAULT_DELETION_REASON, DELETION_REASONS } from '@spedycja/domain';
import { useEffect, useState } from 'react';
import { AppModal } from './AppModal.tsx';
import { componentMessages as t } from './messages.ts';
import { SearchableSelect } from './SearchableSelect.tsx';

export type ReasonPromptProps = {
  opened: boolean;
  /** E.g. 'Podaj powód usunięcia zapytania'. */
  title: string;
  /** Receives the chosen reason (> 0); may return a promise, during which the buttons are disabled. */
  onConfirm: (reason: number) => unknown;
  onCancel: () => void;
  confirmLabel?: string;
  reasons?: Record<number, string>;
  loading?: boolean;
};

/** Asks for a deletion reason before a soft delete (SPEC §4); the default is 1 'Błędne dane'. */
export function ReasonPrompt({
  opened,
  title,
  onConfirm,
  onCancel,
  confirmLabel = t.delete,
  reasons = DELETION_REASONS,
  loading,
}: ReasonPromptProps) {
  const [reason, setReason] = useState(String(DEFAULT_DELETION_REASON));
  const [pending, setPending] = useState(false);
  const busy = loading || pending;

  useEffect(() => {
    if (opened) setReason(String(DEFAULT_DELETION_REASON));
  }, [opened]);

  const handleConfirm = async () => {
    if (busy) return;
    setPending(true);
    try {
      await onConfirm(Number(reason));
    } catch {
      // Reported by the caller.
    } finally {
      setPending(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={() => !busy && onCancel()} title={title} size={500}>
      <SearchableSelect
        label={t.deletionReason}
        data={Object.entries(reasons).map(([value, label]) => ({ value, label }))}
        value={reason}
        onChange={(value) => value && setReason(value)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </Button>
        <Button color="red" onClick={handleConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}

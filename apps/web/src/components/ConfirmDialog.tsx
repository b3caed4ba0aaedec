import { Button, Group, type MantineColor, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { AppModal } from './AppModal.tsx';
import { componentMessages as t } from './messages.ts';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  text: ReactNode;
  /** May return a promise; the buttons stay disabled until it settles. The parent closes the dialog. */
  onConfirm: () => unknown;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  confirmColor?: MantineColor;
  loading?: boolean;
};

/** A yes/no question ('Tak'/'Nie' unless other labels are given). */
export function ConfirmDialog({
  opened,
  title,
  text,
  onConfirm,
  onCancel,
  confirmLabel = t.yes,
  cancelLabel = t.no,
  confirmColor,
  loading,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const busy = loading || pending;

  const handleConfirm = async () => {
    if (busy) return;
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // The caller reports its own failure (notifyError); the dialog only stops waiting.
    } finally {
      setPending(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={() => !busy && onCancel()} title={title} size={500}>
      {typeof text === 'string' ? <Text>{text}</Text> : text}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={handleConfirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
}

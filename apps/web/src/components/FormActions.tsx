import { Button, Group, Tooltip } from '@mantine/core';
import { useRequestModalClose } from './AppModal.tsx';
import { componentMessages as t } from './messages.ts';

export type FormActionsProps = {
  /** While a save runs both buttons are disabled, so one click makes one request. */
  saving: boolean;
  onCancel: () => void;
};

/**
 * A record form's 'Anuluj' and 'Zapisz' (the submit button; Ctrl+Enter anywhere in the form saves too). In a modal,
 * 'Anuluj' closes it as its × does: asking first when something typed would be lost.
 */
export function FormActions({ saving, onCancel }: FormActionsProps) {
  const requestClose = useRequestModalClose();
  return (
    <Group justify="flex-end" mt="xl">
      <Button variant="default" onClick={requestClose ?? onCancel} disabled={saving}>
        {t.cancel}
      </Button>
      <Tooltip label={t.saveShortcut} openDelay={400}>
        <Button type="submit" loading={saving} disabled={saving} aria-keyshortcuts="Control+Enter">
          {t.save}
        </Button>
      </Tooltip>
    </Group>
  );
}

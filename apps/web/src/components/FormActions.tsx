import { Button, Group } from '@mantine/core';
import { componentMessages as t } from './messages.ts';

export type FormActionsProps = {
  /** While a save runs both buttons are disabled, so one click makes one request. */
  saving: boolean;
  onCancel: () => void;
};

/** A record form's 'Anuluj' and 'Zapisz' (the submit button). */
export function FormActions({ saving, onCancel }: FormActionsProps) {
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

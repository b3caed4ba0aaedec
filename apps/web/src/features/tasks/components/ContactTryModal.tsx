import { Button, Group, Stack } from '@mantine/core';
import {
  CONTACT_TRY_STATUSES,
  type ContactTryStatus,
  contactTryCreateSchema,
  contactTryStatusLabels,
} from '@spedycja/domain';
import { AppModal } from '../../../components/AppModal.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormDateTimePicker, FormSelect, FormTextarea, useUncontrolledForm } from '../../../components/FormFields.tsx';
import { onValidationFailure, parseWith, useSaveSubmit, zodValidate } from '../../../lib/forms.ts';
import { useCreateContactTry } from '../api/createContactTry.ts';
import { tasksMessages as t } from '../messages.ts';
import { NEXT_CONTACT_SHORTCUTS, nextContactAt, pickerNow, pickerToIso } from '../taskRules.ts';

export type ContactTryModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The task's IRI, '/api/tasks/{uuid}'; null while no task is chosen. */
  taskIri: string | null;
};

type ContactTryFormValues = {
  date: string | null;
  status: ContactTryStatus;
  comment: string;
  nextContactDate: string | null;
};

export const CONTACT_TRY_STATUS_OPTIONS = CONTACT_TRY_STATUSES.map((value) => ({
  value,
  label: contactTryStatusLabels[value],
}));

const toInput = (taskIri: string, values: ContactTryFormValues) => ({
  task: taskIri,
  date: pickerToIso(values.date) ?? values.date ?? '',
  status: values.status,
  comment: values.comment,
  nextContactDate: pickerToIso(values.nextContactDate),
});

/**
 * A new contact attempt: now and 'nieudana' unless changed, with its own comment. The task keeps its comment; it
 * moves to the next contact date when one is picked (+1 h, tomorrow 9:00, next Monday 9:00, or any).
 */
export function ContactTryModal({ opened, onClose, taskIri }: ContactTryModalProps) {
  return (
    <AppModal opened={opened} onClose={onClose} title={t.tries.createTitle} size={520}>
      {taskIri && <ContactTryForm key={taskIri} taskIri={taskIri} onCancel={onClose} onSaved={onClose} />}
    </AppModal>
  );
}

function ContactTryForm({
  taskIri,
  onCancel,
  onSaved,
}: {
  taskIri: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const check = zodValidate(contactTryCreateSchema);
  // Uncontrolled (issue 35): a key in the comment does not render the form again.
  const form = useUncontrolledForm<ContactTryFormValues>({
    initialValues: { date: pickerNow(), status: 'nieudana', comment: '', nextContactDate: null },
    validate: (values) => check(toInput(taskIri, values)),
  });
  const createTry = useCreateContactTry();
  const runSave = useSaveSubmit(form, { uncontrolled: true });

  const handleSubmit = form.onSubmit(
    (values) =>
      runSave(async () => {
        const payload = parseWith(contactTryCreateSchema, toInput(taskIri, values));
        if (!payload) return;
        await createTry.mutateAsync(payload);
        onSaved();
      }),
    onValidationFailure,
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t.tries.createTitle}>
      <Stack gap="sm">
        <FormDateTimePicker form={form} path="date" label={t.tries.date} withAsterisk clearable={false} />
        <FormSelect
          form={form}
          path="status"
          label={t.tries.status}
          data={CONTACT_TRY_STATUS_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <FormTextarea form={form} path="comment" label={t.tries.comment} rows={3} data-autofocus />
        <Stack gap={6} role="group" aria-label={t.tries.nextContact}>
          <FormDateTimePicker
            form={form}
            path="nextContactDate"
            label={t.tries.nextContact}
            description={t.tries.nextContactHint}
          />
          <Group gap={4}>
            {NEXT_CONTACT_SHORTCUTS.map((shortcut) => (
              <Button
                key={shortcut}
                size="compact-xs"
                variant="default"
                onClick={() => form.setFieldValue('nextContactDate', nextContactAt(shortcut), { forceUpdate: false })}
              >
                {t.tries.shortcuts[shortcut]}
              </Button>
            ))}
          </Group>
        </Stack>
      </Stack>
      <FormActions saving={createTry.isPending} onCancel={onCancel} />
    </form>
  );
}

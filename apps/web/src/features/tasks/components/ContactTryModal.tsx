import { Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  CONTACT_TRY_STATUSES,
  type ContactTryStatus,
  contactTryCreateSchema,
  contactTryStatusLabels,
} from '@spedycja/domain';
import { AppModal } from '../../../components/AppModal.tsx';
import { DateTimePicker } from '../../../components/dates.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { parseWith, useSaveSubmit, zodValidate } from '../../../lib/forms.ts';
import { useCreateContactTry } from '../api/createContactTry.ts';
import { tasksMessages as t } from '../messages.ts';
import { pickerNow, pickerToIso } from '../taskRules.ts';

export type ContactTryModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The task's IRI, '/api/tasks/{uuid}'; null while no task is chosen. */
  taskIri: string | null;
};

type ContactTryFormValues = { date: string | null; status: ContactTryStatus; comment: string };

export const CONTACT_TRY_STATUS_OPTIONS = CONTACT_TRY_STATUSES.map((value) => ({
  value,
  label: contactTryStatusLabels[value],
}));

const toInput = (taskIri: string, values: ContactTryFormValues) => ({
  task: taskIri,
  date: pickerToIso(values.date) ?? values.date ?? '',
  status: values.status,
  comment: values.comment,
});

/**
 * A new contact attempt: now and 'nieudana' unless changed. Saving it also moves the task's
 * contact date and comment (the server does both in one transaction).
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
  const form = useForm<ContactTryFormValues>({
    initialValues: { date: pickerNow(), status: 'nieudana', comment: '' },
    validate: (values) => check(toInput(taskIri, values)),
  });
  const createTry = useCreateContactTry();
  const runSave = useSaveSubmit(form);

  const handleSubmit = form.onSubmit((values) =>
    runSave(async () => {
      const payload = parseWith(contactTryCreateSchema, toInput(taskIri, values));
      if (!payload) return;
      await createTry.mutateAsync(payload);
      onSaved();
    }),
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t.tries.createTitle}>
      <Stack gap="sm">
        <DateTimePicker label={t.tries.date} withAsterisk clearable={false} {...form.getInputProps('date')} />
        <Select
          label={t.tries.status}
          data={CONTACT_TRY_STATUS_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('status')}
        />
        <Textarea label={t.tries.comment} rows={3} data-autofocus {...form.getInputProps('comment')} />
      </Stack>
      <FormActions saving={createTry.isPending} onCancel={onCancel} />
    </form>
  );
}

import { Group, SimpleGrid } from '@mantine/core';
import { TASK_STATUSES, type TaskCreate, type TaskUpdate, taskStatusLabels } from '@spedycja/domain';
import { FormActions } from '../../../components/FormActions.tsx';
import {
  FormDateTimePicker,
  FormField,
  FormPhoneFields,
  FormSelect,
  FormSwitch,
  FormTextarea,
  useUncontrolledForm,
} from '../../../components/FormFields.tsx';
import { componentMessages } from '../../../components/messages.ts';
import { RecordModal } from '../../../components/RecordModal.tsx';
import { onValidationFailure, useSaveSubmit } from '../../../lib/forms.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { useUserOptions } from '../../users/index.ts';
import { useCreateTask } from '../api/createTask.ts';
import { useTask } from '../api/getTask.ts';
import { useUpdateTask } from '../api/updateTask.ts';
import { tasksMessages as t } from '../messages.ts';
import type { TaskEntry } from '../taskEntry.ts';
import { EntryPicker } from './EntryPicker.tsx';
import {
  emptyTaskForm,
  parseTaskPayload,
  type TaskFormMode,
  type TaskFormValues,
  taskToForm,
  validateTaskForm,
} from './taskForm.ts';

export type TaskModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The task to edit; without it the modal creates one. */
  taskUuid?: string | null;
  /** A new task's query or order (the tasks modal of a record presets its own). */
  entry?: TaskEntry | null;
};

const MODAL_WIDTH = 760;
const STATUS_OPTIONS = TASK_STATUSES.map((value) => ({ value, label: taskStatusLabels[value] }));

/** Create or edit a task. If the task cannot be loaded, the modal closes (the error is notified). */
export function TaskModal({ opened, onClose, taskUuid, entry }: TaskModalProps) {
  const mode: TaskFormMode = taskUuid ? 'edit' : 'create';
  const task = useTask(opened ? taskUuid : null);
  const { user } = useAuth();

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' ? t.editTitle : t.createTitle}
      size={MODAL_WIDTH}
      loading={mode === 'edit' && !task.data}
      loadFailed={mode === 'edit' && task.isError}
      historyPath={mode === 'edit' ? task.data?.['@id']?.replace(/^\/api/, '') : null}
    >
      <TaskForm
        key={taskUuid ?? `new:${entry?.uuid ?? ''}`}
        mode={mode}
        taskUuid={taskUuid ?? null}
        initialValues={
          task.data
            ? taskToForm(task.data)
            : emptyTaskForm({ userIri: user?.uuid ? `/api/users/${user.uuid}` : null, entry })
        }
        onCancel={onClose}
        onSaved={onClose}
      />
    </RecordModal>
  );
}

type TaskFormProps = {
  mode: TaskFormMode;
  taskUuid: string | null;
  initialValues: TaskFormValues;
  onCancel: () => void;
  onSaved: () => void;
};

function TaskForm({ mode, taskUuid, initialValues, onCancel, onSaved }: TaskFormProps) {
  // Uncontrolled (issue 35): a key in the comment or the phone does not render the form again.
  const form = useUncontrolledForm<TaskFormValues>({ initialValues, validate: validateTaskForm(mode) });
  const users = useUserOptions();
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const runSave = useSaveSubmit(form, { uncontrolled: true });
  const saving = createTask.isPending || updateTask.isPending;
  const f = t.fields;

  const handleSubmit = form.onSubmit(
    (values) =>
      runSave(async () => {
        const payload = parseTaskPayload(mode, values);
        if (!payload) return;
        if (mode === 'create') await createTask.mutateAsync(payload as TaskCreate);
        else if (taskUuid) await updateTask.mutateAsync({ uuid: taskUuid, payload: payload as TaskUpdate });
        onSaved();
      }),
    onValidationFailure,
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={mode === 'edit' ? t.editTitle : t.createTitle}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <div style={{ gridColumn: '1 / -1' }}>
          <FormField form={form} path="entry">
            {({ value, error }) => (
              <EntryPicker
                value={value}
                onChange={(entry) => form.setFieldValue('entry', entry, { forceUpdate: false })}
                error={error}
              />
            )}
          </FormField>
        </div>
        <FormSelect
          form={form}
          path="user"
          label={f.user}
          data={users.data ?? []}
          searchable
          allowDeselect={false}
          nothingFoundMessage={componentMessages.nothingFound}
          comboboxProps={{ withinPortal: true }}
        />
        <FormDateTimePicker form={form} path="contactDate" label={f.contactDate} withAsterisk clearable={false} />
        <FormPhoneFields form={form} prefixLabel={f.phonePrefix} phoneLabel={f.phone} />
        {mode === 'edit' ? (
          <FormSelect
            form={form}
            path="status"
            label={f.status}
            data={STATUS_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <div />
        )}
        <FormTextarea form={form} path="comment" label={f.comment} rows={3} style={{ gridColumn: '1 / -1' }} />
        <Group gap="xl" style={{ gridColumn: '1 / -1' }}>
          <FormSwitch form={form} path="drawerNotification" label={f.drawerNotification} />
          <FormSwitch form={form} path="telegramNotification" label={f.telegramNotification} />
        </Group>
      </SimpleGrid>
      <FormActions saving={saving} onCancel={onCancel} />
    </form>
  );
}

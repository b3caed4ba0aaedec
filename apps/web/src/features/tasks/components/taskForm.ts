import {
  DEFAULT_PHONE_PREFIX,
  type Task,
  type TaskCreate,
  type TaskStatus,
  type TaskUpdate,
  taskCreateSchema,
  taskUpdateSchema,
} from '@spedycja/domain';
import { parseWith, zodValidate } from '../../../lib/forms.ts';
import { entryIri, type TaskEntry, taskEntry } from '../taskEntry.ts';
import { isoToPicker, pickerToIso } from '../taskRules.ts';

/** The task form's values as typed, and their conversion to the payload the domain schemas check. */
export type TaskFormValues = {
  entry: TaskEntry | null;
  /** The assignee's IRI. */
  user: string | null;
  phonePrefix: string;
  phone: string;
  /** Mantine's picker value, 'YYYY-MM-DD HH:mm:ss' in local time. */
  contactDate: string | null;
  comment: string;
  drawerNotification: boolean;
  telegramNotification: boolean;
  status: TaskStatus;
};

export type TaskFormMode = 'create' | 'edit';

export const emptyTaskForm = ({
  userIri,
  entry,
}: {
  userIri: string | null;
  entry?: TaskEntry | null;
}): TaskFormValues => ({
  entry: entry ?? null,
  user: userIri,
  phonePrefix: DEFAULT_PHONE_PREFIX,
  phone: '',
  contactDate: null,
  comment: '',
  drawerNotification: true,
  telegramNotification: false,
  status: 'niewykonane',
});

export const taskToForm = (task: Task): TaskFormValues => ({
  entry: taskEntry(task),
  user: task.user?.['@id'] ?? null,
  phonePrefix: task.phonePrefix || DEFAULT_PHONE_PREFIX,
  phone: task.phone ?? '',
  contactDate: isoToPicker(task.contactDate),
  comment: task.comment ?? '',
  drawerNotification: task.drawerNotification,
  telegramNotification: task.telegramNotification,
  status: task.status,
});

/** The values in the payload's shape (the entry as an IRI, the date as ISO), before the schema checks them. */
export function taskFormInput(values: TaskFormValues) {
  return {
    status: values.status,
    phonePrefix: values.phonePrefix,
    phone: values.phone,
    user: values.user,
    entry: values.entry ? entryIri(values.entry) : null,
    comment: values.comment,
    contactDate: pickerToIso(values.contactDate) ?? values.contactDate ?? '',
    telegramNotification: values.telegramNotification,
    drawerNotification: values.drawerNotification,
  };
}

const schemaFor = (mode: TaskFormMode) => (mode === 'create' ? taskCreateSchema : taskUpdateSchema);

/**
 * Mantine's validate: the domain schema's messages on the form's fields. An edit keeps the contact
 * date required too (the server refuses to clear it).
 */
export function validateTaskForm(mode: TaskFormMode) {
  const schemaCheck = zodValidate(schemaFor(mode));
  const createCheck = zodValidate(taskCreateSchema);
  return (values: TaskFormValues): Record<string, string> => {
    const input = taskFormInput(values);
    const errors = schemaCheck(input);
    const dateError = mode === 'edit' ? createCheck(input).contactDate : undefined;
    return dateError ? { ...errors, contactDate: dateError } : errors;
  };
}

export function parseTaskPayload(mode: 'create', values: TaskFormValues): TaskCreate | null;
export function parseTaskPayload(mode: 'edit', values: TaskFormValues): TaskUpdate | null;
export function parseTaskPayload(mode: TaskFormMode, values: TaskFormValues): TaskCreate | TaskUpdate | null;
export function parseTaskPayload(mode: TaskFormMode, values: TaskFormValues): TaskCreate | TaskUpdate | null {
  return parseWith(schemaFor(mode), taskFormInput(values));
}

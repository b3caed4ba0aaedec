import { z } from 'zod';
import { DEFAULT_PHONE_PREFIX } from './constants.ts';
import { validationMessages as m } from './messages.ts';
import { withDefault } from './parties.ts';
import { withTypedPhone } from './phones.ts';
import { iriRef, optionalDate } from './shipments.ts';
import { optionalPhone, optionalText, phonePrefix } from './validation.ts';

export const TASK_STATUSES = ['niewykonane', 'wykonane'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_FILTERS = ['wszystkie', ...TASK_STATUSES] as const;
export const taskStatusLabels: Record<(typeof TASK_STATUS_FILTERS)[number], string> = {
  wszystkie: 'Wszystkie',
  niewykonane: 'Niewykonane',
  wykonane: 'Wykonane',
};

export const CONTACT_TRY_STATUSES = ['nieudana', 'udana'] as const;
export const contactTryStatusLabels: Record<(typeof CONTACT_TRY_STATUSES)[number], string> = {
  nieudana: 'Nieudana',
  udana: 'Udana',
};

/** A task points at a query or an order: `/api/queries/{uuid}` or `/api/orders/{uuid}`. */
const ENTRY_RE =
  /^\/api\/(queries|orders)\/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const entry = () =>
  z.preprocess((v) => (v === '' ? null : v), z.string().regex(ENTRY_RE, { error: m.oneOf }).nullable()).optional();

const flag = () => z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: m.oneOf }).optional());

// A key left out is as empty as null: the rule must fire (a missing key would pass an optional schema untested).
const requiredDate = () =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), optionalDate().pipe(z.string({ error: m.required })));

export const taskCreateSchema = withTypedPhone(
  z.object({
    status: withDefault(z.enum(TASK_STATUSES, { error: m.oneOf }), 'niewykonane'),
    phonePrefix: withDefault(phonePrefix(), DEFAULT_PHONE_PREFIX),
    phone: optionalPhone(),
    user: iriRef('users'),
    entry: entry(),
    comment: optionalText(4000),
    contactDate: requiredDate(),
    telegramNotification: flag(),
    drawerNotification: flag(),
  }),
);

export const taskUpdateSchema = withTypedPhone(
  z.object({
    status: z.enum(TASK_STATUSES, { error: m.oneOf }).optional(),
    phonePrefix: phonePrefix().optional(),
    phone: optionalPhone(),
    user: iriRef('users'),
    entry: entry(),
    comment: optionalText(4000),
    contactDate: optionalDate(),
    telegramNotification: flag(),
    drawerNotification: flag(),
  }),
);

export const contactTryCreateSchema = z.object({
  task: iriRef('tasks').refine((v) => !!v, { error: m.required }),
  date: requiredDate(),
  status: withDefault(z.enum(CONTACT_TRY_STATUSES, { error: m.oneOf }), 'nieudana'),
  comment: optionalText(4000),
  /** When to call again: becomes the task's contact date. Without it the task keeps its date (and its comment). */
  nextContactDate: optionalDate(),
});

export const contactTryUpdateSchema = z.object({
  date: optionalDate(),
  status: z.enum(CONTACT_TRY_STATUSES, { error: m.oneOf }).optional(),
  comment: optionalText(4000),
});

export type TaskCreate = z.infer<typeof taskCreateSchema>;
export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

export const taskMessages = {
  created: 'Zadanie zostało pomyślnie dodane!',
  updated: 'Zadanie zostało pomyślnie zaktualizowane!',
  deleted: 'Zadanie zostało pomyślnie usunięte!',
  done: 'Zadanie zostało oznaczone jako wykonane!',
  markDoneQuestion: 'Czy na pewno chcesz oznaczyć to zadanie jako wykonane?',
  deletePrompt: 'Podaj powód usunięcia zadania',
  statusFilter: 'Pokaż zadania ze statusem',
  moreAttempts: (n: number) => `i ${n} więcej...`,
  loadList: 'ładowania zadań',
  loadOne: 'ładowania zadania',
  create: 'tworzenia zadania',
  update: 'aktualizacji zadania',
  remove: 'usuwania zadania',
  triesUpdated: 'Próby kontaktu zostały zaktualizowane!',
  tryAdded: 'Próba kontaktu została pomyślnie dodana!',
  loadTries: 'ładowania prób kontaktu',
  updateTry: 'aktualizacji próby kontaktu',
  addTry: 'dodawania próby kontaktu',
} as const;

export type ContactTryStatus = (typeof CONTACT_TRY_STATUSES)[number];
export type ContactTryCreate = z.infer<typeof contactTryCreateSchema>;
export type ContactTryUpdate = z.infer<typeof contactTryUpdateSchema>;

/** GET /api/task_contact_tries and a task's `attempts`: dates ISO. */
export type TaskContactTry = {
  '@id'?: string;
  '@type'?: 'TaskContactTry';
  uuid: string;
  /** The task's IRI, `/api/tasks/{uuid}`. */
  task?: string;
  date: string | null;
  status: ContactTryStatus;
  comment: string | null;
};

/** The query a task belongs to, as the task read embeds it. */
export type TaskQuerySummary = {
  '@id': string;
  uuid: string;
  id: number;
  cargo: string | null;
  loadingCity: string | null;
  unloadingCity: string | null;
  customer: string | null;
};

/** The order a task belongs to, as the task read embeds it. */
export type TaskOrderSummary = TaskQuerySummary & { number: string };

/** GET /api/tasks(/{uuid}): dates ISO; attempts oldest first. */
export type Task = {
  '@id': string;
  '@type': 'Task';
  id: number;
  uuid: string;
  status: TaskStatus;
  phonePrefix: string | null;
  phone: string | null;
  user: { '@id': string; uuid: string; name: string; login: string } | null;
  createdBy: { '@id': string; uuid: string; name: string; login: string } | null;
  queryEntity: TaskQuerySummary | null;
  orderEntity: TaskOrderSummary | null;
  comment: string | null;
  contactDate: string | null;
  telegramNotification: boolean;
  drawerNotification: boolean;
  createdDate: string;
  finishedDate: string | null;
  deletionReason: number;
  attempts: TaskContactTry[];
};

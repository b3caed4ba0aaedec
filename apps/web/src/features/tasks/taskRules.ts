import { PICKER_MIN_SEARCH_LENGTH, type Task, type TaskContactTry } from '@spedycja/domain';
import dayjs from 'dayjs';

/** The tasks screen's rules as small pure functions, each unit-tested. */

export type TaskChipState = 'done' | 'planned' | 'overdue';

/**
 * SPEC §2: the id chip is green when the task is done or its contact date is still to come,
 * red otherwise (an open task whose contact time has come, or one without a contact date).
 */
export function taskChipState(
  task: Pick<Task, 'status' | 'contactDate'>,
  now: Date | number = Date.now(),
): TaskChipState {
  if (task.status === 'wykonane') return 'done';
  const contact = task.contactDate ? dayjs(task.contactDate) : null;
  return contact?.isValid() && contact.valueOf() > dayjs(now).valueOf() ? 'planned' : 'overdue';
}

export const chipColor = (state: TaskChipState): 'green' | 'red' => (state === 'overdue' ? 'red' : 'green');

/** The attempts column: the first `shown` attempts, and how many more there are ('i N więcej...'). */
export function attemptsSummary<A extends Pick<TaskContactTry, 'date'>>(
  attempts: readonly A[],
  shown = 2,
): { first: A[]; more: number } {
  return { first: attempts.slice(0, shown), more: Math.max(0, attempts.length - shown) };
}

/** The search param the drawer badge links with: /tasks?due={ms}, the moment of the click. */
export const DUE_TASKS_PARAM = 'due';
/** `/tasks?task={uuid}` opens that task (the link in a Telegram reminder). */
export const OPEN_TASK_PARAM = 'task';

/** 'due=1764000000000': each click on the badge opens the list anew, as of that moment. */
export const dueTasksSearch = (now: number = Date.now()) => `${DUE_TASKS_PARAM}=${Math.trunc(now)}`;

/** The moment a due list was opened for; `fallback` (now) when the link carries none. */
export function dueTasksTime(value: string | null, fallback: number): number {
  return value && /^\d{13}$/.test(value) ? Number(value) : fallback;
}

/**
 * The tasks the drawer badge counts: mine, open, notifying in the drawer, with the contact time come.
 * `now` is fixed when the list opens, so the list and the badge agree.
 */
export function dueTasksParams(userUuid: string, now: Date | number = Date.now()): Record<string, string> {
  return {
    'user.uuid': userUuid,
    status: 'niewykonane',
    drawerNotification: 'true',
    'contactDate[before]': new Date(now).toISOString(),
  };
}

/**
 * The entry picker asks the server for a number from its first digit ('12', '#12', '3/11') and
 * for words (cargo, customer) from 3 characters; null while nothing should be asked.
 */
export function entrySearchTerm(search: string): string | null {
  const term = search.trim();
  if (!term) return null;
  if (/^#?\d/.test(term)) return term;
  return term.length >= PICKER_MIN_SEARCH_LENGTH ? term : null;
}

/** '#12' or '12' -> 12 (a query's id); null when the term is not a plain number. */
export function entrySearchId(term: string): number | null {
  const match = /^#?(\d{1,9})$/.exec(term.trim());
  return match?.[1] ? Number(match[1]) : null;
}

/** Mantine's picker value ('YYYY-MM-DD HH:mm:ss', local time) -> ISO with the offset of UTC; null when empty. */
export function pickerToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d.toISOString() : null;
}

/** ISO -> Mantine's picker value in local time; null when empty. */
export function isoToPicker(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : null;
}

/** Now, to the minute, as the picker holds it (the default of a new contact attempt). */
export const pickerNow = (now: Date | number = Date.now()) => dayjs(now).second(0).format('YYYY-MM-DD HH:mm:ss');

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** When to call again, one click each: in an hour, tomorrow at 9:00, next Monday at 9:00 (picker values, local time). */
export const NEXT_CONTACT_SHORTCUTS = ['inAnHour', 'tomorrowNine', 'mondayNine'] as const;
export type NextContactShortcut = (typeof NEXT_CONTACT_SHORTCUTS)[number];

export function nextContactAt(shortcut: NextContactShortcut, now: Date | number = Date.now()): string {
  const base = dayjs(now).second(0).millisecond(0);
  if (shortcut === 'inAnHour') return base.add(1, 'hour').format(PICKER_FORMAT);
  const nine = base.hour(9).minute(0);
  if (shortcut === 'tomorrowNine') return nine.add(1, 'day').format(PICKER_FORMAT);
  // Next Monday: from a Monday, the one a week on (day() counts Sunday as 0).
  const daysToMonday = (8 - base.day()) % 7 || 7;
  return nine.add(daysToMonday, 'day').format(PICKER_FORMAT);
}

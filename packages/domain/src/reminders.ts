import { z } from 'zod';
import { pluralPl } from './format.ts';

/**
 * Issue 26: payment reminders that go out by themselves. A step of the schedule is a day counted from the invoice's
 * due date (negative: before it) with a Polish and an English subject and text. Placeholders in the texts:
 * {invoice} the number, {dueDate} the due date, {amount} the sum still due, {days} days past the due date,
 * {company} the seller.
 */
export const reminderStepSchema = z.object({
  day: z.number().int().min(-60).max(365),
  subjectPl: z.string().trim().min(1).max(300),
  textPl: z.string().trim().min(1).max(4000),
  subjectEn: z.string().trim().min(1).max(300),
  textEn: z.string().trim().min(1).max(4000),
});
export type ReminderStep = z.infer<typeof reminderStepSchema>;

export const reminderScheduleSchema = z
  .array(reminderStepSchema)
  .max(20)
  .refine((steps) => new Set(steps.map((s) => s.day)).size === steps.length, { message: 'duplicate day' });

const friendlyPl =
  'Dzień dobry,\n\nuprzejmie przypominamy, że {dueDate} mija termin płatności faktury {invoice}. Kwota do zapłaty: {amount}.\nJeśli płatność została już zlecona, prosimy zignorować tę wiadomość.\n\nPozdrawiamy,\n{company}';
const friendlyEn =
  'Dear Sir or Madam,\n\nthis is a friendly reminder that invoice {invoice} is due on {dueDate}. Amount due: {amount}.\nIf you have already paid, please disregard this message.\n\nKind regards,\n{company}';
const overduePl =
  'Dzień dobry,\n\nfaktura {invoice} z terminem płatności {dueDate} nie została jeszcze w całości opłacona ({days} po terminie). Pozostało do zapłaty: {amount}.\nProsimy o pilną wpłatę.\n\nPozdrawiamy,\n{company}';
const overdueEn =
  'Dear Sir or Madam,\n\ninvoice {invoice}, due on {dueDate}, has not been paid in full yet ({days} overdue). Amount still due: {amount}.\nPlease pay it at your earliest convenience.\n\nKind regards,\n{company}';
const demandPl =
  'Dzień dobry,\n\nwzywamy do zapłaty kwoty {amount} z tytułu faktury {invoice} (termin płatności {dueDate}, {days} po terminie) w terminie 7 dni od otrzymania niniejszego wezwania. Po tym terminie sprawa zostanie skierowana na drogę postępowania windykacyjnego.\n\n{company}';
const demandEn =
  'Dear Sir or Madam,\n\nwe hereby demand payment of {amount} for invoice {invoice} (due on {dueDate}, {days} overdue) within 7 days of receipt of this notice. After that date the matter will be referred to debt collection.\n\n{company}';

/** The schedule a fresh database starts with (the settings page edits it). */
export const DEFAULT_REMINDER_SCHEDULE: ReminderStep[] = [
  {
    day: -3,
    subjectPl: 'Przypomnienie o terminie płatności faktury {invoice}',
    textPl: friendlyPl,
    subjectEn: 'Payment reminder: invoice {invoice}',
    textEn: friendlyEn,
  },
  ...[1, 7, 14].map((day) => ({
    day,
    subjectPl: 'Przypomnienie o zaległej płatności – faktura {invoice}',
    textPl: overduePl,
    subjectEn: 'Overdue payment reminder – invoice {invoice}',
    textEn: overdueEn,
  })),
  {
    day: 30,
    subjectPl: 'Wezwanie do zapłaty – faktura {invoice}',
    textPl: demandPl,
    subjectEn: 'Demand for payment – invoice {invoice}',
    textEn: demandEn,
  },
];

/** The schedule stored in the settings, or null when it is not valid JSON of steps. */
export function parseReminderSchedule(value: string | null | undefined): ReminderStep[] | null {
  if (!value) return null;
  try {
    const parsed = reminderScheduleSchema.safeParse(JSON.parse(value));
    return parsed.success ? [...parsed.data].sort((a, b) => a.day - b.day) : null;
  } catch {
    return null;
  }
}

/** '1 dzień po terminie', '2 dni po terminie', '3 dni przed terminem', 'w dniu terminu'. */
export function reminderDayLabel(day: number): string {
  if (day === 0) return 'w dniu terminu';
  const n = Math.abs(day);
  const days = `${n} ${n === 1 ? 'dzień' : 'dni'}`;
  return day > 0 ? `${days} po terminie` : `${days} przed terminem`;
}

/** '1 day', '5 days' in an English text; the Polish one: '1 dzień', '5 dni' ('dni' for every number but one). */
export const reminderDays = (n: number, english: boolean) =>
  english ? `${n} ${n === 1 ? 'day' : 'days'}` : `${n} ${pluralPl(n, 'dzień', 'dni', 'dni')}`;

export const invoiceReminderSchema = z.object({
  uuid: z.uuid(),
  day: z.number().int(),
  label: z.string(),
  language: z.enum(['pl', 'en']),
  to: z.string(),
  subject: z.string(),
  dueAmount: z.number().int(),
  currency: z.string(),
  manual: z.boolean(),
  sentAt: z.string(),
});
export type InvoiceReminder = z.infer<typeof invoiceReminderSchema>;

/** A step of the schedule as it applies to one invoice: its day (due date + step's day), null without a due date. */
const reminderStepRefSchema = z.object({ day: z.number().int(), label: z.string(), date: z.string().nullable() });

/**
 * Where an invoice stands in the schedule (GET …/reminders beside the list): the step 'Wyślij teraz' would send,
 * with when it went if it did, and the step after it. Both null when the schedule is empty.
 */
export const reminderPlanSchema = z.object({
  current: reminderStepRefSchema.extend({ sentAt: z.string().nullable() }).nullable(),
  next: reminderStepRefSchema.nullable(),
});
export type ReminderPlan = z.infer<typeof reminderPlanSchema>;

export const remindersMessages = {
  scheduleInvalid:
    'Harmonogram przypomnień musi być listą kroków JSON: day (dni od terminu płatności, różne), subjectPl, textPl, subjectEn, textEn.',
  /**
   * A step already sent: when it went and what comes next (the 409 of 'Wyślij teraz' and the note beside its button).
   * The times come formatted ('HH:mm, DD/MM/YYYY', 'DD/MM/YYYY'): the server writes Warsaw time, the browser its own.
   */
  alreadySent: (label: string, sentAt: string, next: { label: string; date: string } | null) =>
    `Przypomnienie „${label}” zostało już wysłane (${sentAt}); ${
      next ? `następny krok „${next.label}” – ${next.date}` : 'to był ostatni krok harmonogramu'
    }.`,
  paid: 'Faktura jest opłacona – przypomnienie nie zostanie wysłane.',
  notVat: 'Przypomnienia wysyła się tylko dla faktur VAT.',
  noEmail: 'Faktura nie ma adresu e-mail nabywcy – uzupełnij e-mail klienta.',
  noReminders: 'Klient ma zaznaczone „bez przypomnień”.',
  noSchedule: 'Harmonogram przypomnień jest pusty – uzupełnij go w ustawieniach (reminderSchedule).',
  sent: 'Przypomnienie zostało wysłane.',
  /** The invoice's history line of a sent step. */
  historyLine: (label: string, to: string) => `Wysłano przypomnienie o płatności (${label}) na ${to}`,
} as const;

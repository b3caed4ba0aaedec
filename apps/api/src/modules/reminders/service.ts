import {
  formatDate,
  formatMoney,
  type InvoiceReminder,
  parseReminderSchedule,
  type ReminderPlan,
  type ReminderStep,
  reminderDayLabel,
  reminderDays,
  remindersMessages as rm,
} from '@spedycja/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { writeHistoryLine } from '../../db/history.ts';
import { customers, invoiceReminders, invoices } from '../../db/schema/index.ts';
import { AppError, unprocessable } from '../../http/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { formatWarsaw, warsawDay } from '../../warsawDay.ts';
import { INVOICE_PDF_ATTACHMENT } from '../invoices/send.ts';
import { readAllSettings } from '../settings/company.ts';

/** A worker that missed a step (the server was off) still sends it up to this many days late, never older ones. */
export const CATCH_UP_DAYS = 7;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The step an invoice is at: the last one whose day has come (the due date plus its day), else none. */
export function currentStep(steps: ReminderStep[], dueDate: string, today: string): ReminderStep | null {
  const offset = daysBetween(dueDate, today);
  let step: ReminderStep | null = null;
  for (const s of steps) if (s.day <= offset) step = s;
  return step;
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The step 'Wyślij teraz' sends (the current one, or the first before its day has come), when it went if it did, and
 * the step after it: what the screen shows beside the button and the 409 of a second click says.
 */
export function reminderPlan(
  steps: ReminderStep[],
  paymentDate: string | null,
  sent: InvoiceReminder[],
  today: string,
): ReminderPlan {
  const step = (paymentDate ? currentStep(steps, paymentDate, today) : null) ?? steps[0];
  if (!step) return { current: null, next: null };
  const ref = (s: ReminderStep) => ({
    day: s.day,
    label: reminderDayLabel(s.day),
    date: paymentDate ? addDays(paymentDate, s.day) : null,
  });
  const next = steps.find((s) => s.day > step.day);
  return {
    current: { ...ref(step), sentAt: sent.find((r) => r.day === step.day)?.sentAt ?? null },
    next: next ? ref(next) : null,
  };
}

export async function readSchedule(db: DbOrTx): Promise<ReminderStep[]> {
  const all = await readAllSettings(db);
  return parseReminderSchedule(all.reminderSchedule) ?? [];
}

type Candidate = {
  id: number;
  uuid: string;
  type: string;
  number: string;
  paymentDate: string | null;
  paid: boolean;
  dueAmount: number;
  currency: string;
  customerEmail: string | null;
  customerCountry: string;
  language: string | null;
  noReminders: boolean | null;
};

const candidateColumns = {
  id: invoices.id,
  uuid: invoices.uuid,
  type: invoices.type,
  number: invoices.number,
  paymentDate: invoices.paymentDate,
  paid: invoices.paid,
  dueAmount: invoices.dueAmount,
  currency: invoices.currency,
  customerEmail: invoices.customerEmail,
  customerCountry: invoices.customerCountry,
  language: customers.language,
  noReminders: customers.noReminders,
};

/** Polish for a Polish-speaking customer (or, without a customer record, a Polish buyer), English otherwise. */
const languageOf = (c: Candidate): 'pl' | 'en' =>
  (c.language ? c.language === 'Polski' : c.customerCountry === 'PL') ? 'pl' : 'en';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * Sends one step of one invoice: the reminder row (unique per invoice and day) and the outbox mail with the invoice's
 * PDF go in one transaction, so a step is sent once however many workers try. Returns null when the step was taken.
 */
async function sendStep(
  db: Db,
  invoiceId: number,
  step: ReminderStep,
  today: string,
  by: { userId: number } | null,
): Promise<InvoiceReminder | null> {
  return db.transaction(async (tx) => {
    // The invoice is locked so that a payment booked meanwhile is seen (no reminder for what was just paid).
    await tx.execute(sql`SELECT 1 FROM ${invoices} WHERE ${invoices.id} = ${invoiceId} FOR UPDATE`);
    const [c] = await tx
      .select(candidateColumns)
      .from(invoices)
      .leftJoin(customers, eq(customers.id, invoices.customerId))
      .where(eq(invoices.id, invoiceId));
    if (!c || c.paid || c.dueAmount <= 0 || !c.customerEmail || c.noReminders || !c.paymentDate) return null;
    const lang = languageOf(c);
    const company = await readAllSettings(tx);
    const overdue = Math.max(0, daysBetween(c.paymentDate, today));
    const values = {
      invoice: c.number,
      dueDate: formatDate(c.paymentDate),
      amount: formatMoney(c.dueAmount, c.currency),
      days: reminderDays(overdue, lang === 'en'),
      company: company.companyName ?? '',
    };
    const subject = fill(lang === 'pl' ? step.subjectPl : step.subjectEn, values);
    const [row] = await tx
      .insert(invoiceReminders)
      .values({
        invoiceId,
        day: step.day,
        language: lang,
        to: c.customerEmail,
        subject,
        dueAmount: c.dueAmount,
        currency: c.currency,
        manual: by !== null,
        sentById: by?.userId ?? null,
      })
      .onConflictDoNothing({ target: [invoiceReminders.invoiceId, invoiceReminders.day] })
      .returning();
    if (!row) return null;
    const mailId = await enqueueMail(tx, {
      to: c.customerEmail,
      subject,
      text: `${fill(lang === 'pl' ? step.textPl : step.textEn, values)}\n`,
      renderedAttachments: [{ kind: INVOICE_PDF_ATTACHMENT, ref: c.uuid }],
    });
    await tx.update(invoiceReminders).set({ mailId }).where(eq(invoiceReminders.id, row.id));
    // The invoice's history says so (the worker's as 'system', 'Wyślij przypomnienie teraz' as the person's).
    await writeHistoryLine(tx, {
      resource: 'invoices',
      recordUuid: c.uuid,
      action: 'reminder',
      changes: [{ field: 'reminder', from: null, to: rm.historyLine(reminderDayLabel(step.day), c.customerEmail) }],
    });
    return toReminderJson(row);
  });
}

export const toReminderJson = (row: typeof invoiceReminders.$inferSelect): InvoiceReminder => ({
  uuid: row.uuid,
  day: row.day,
  label: reminderDayLabel(row.day),
  language: row.language === 'en' ? 'en' : 'pl',
  to: row.to,
  subject: row.subject,
  dueAmount: row.dueAmount,
  currency: row.currency,
  manual: row.manual,
  sentAt: new Date(row.sentAt).toISOString(),
});

/**
 * The worker's run: every unpaid VAT invoice with a buyer e-mail whose customer takes reminders gets the step it is
 * at, once. A step already sent, or a later one, is never sent again (an edited schedule does not repeat a step);
 * a step more than CATCH_UP_DAYS late is skipped. Returns how many reminders were queued.
 */
export async function sendDueReminders(db: Db, today = warsawDay()): Promise<number> {
  const steps = await readSchedule(db);
  if (steps.length === 0) return 0;
  const first = steps[0]?.day ?? 0;
  const last = steps[steps.length - 1]?.day ?? 0;
  const rows = await db
    .select({
      id: invoices.id,
      paymentDate: invoices.paymentDate,
      sent: sql<
        number[]
      >`coalesce((SELECT array_agg(r.day) FROM ${invoiceReminders} r WHERE r.invoice_id = ${invoices.id}), '{}')`,
    })
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        eq(invoices.type, 'vat'),
        sql`NOT ${invoices.paid}`,
        sql`${invoices.dueAmount} > 0`,
        sql`${invoices.customerEmail} IS NOT NULL AND ${invoices.customerEmail} <> ''`,
        sql`${invoices.paymentDate} <= ${today}::date - ${first}::int`,
        sql`${invoices.paymentDate} >= ${today}::date - ${last + CATCH_UP_DAYS}::int`,
        sql`NOT coalesce(${customers.noReminders}, false)`,
      ),
    )
    .orderBy(asc(invoices.id));
  let sent = 0;
  for (const row of rows) {
    if (!row.paymentDate) continue;
    const step = currentStep(steps, row.paymentDate, today);
    if (!step || daysBetween(row.paymentDate, today) - step.day > CATCH_UP_DAYS) continue;
    if ((row.sent ?? []).some((day) => Number(day) >= step.day)) continue;
    if (await sendStep(db, row.id, step, today, null)) sent++;
  }
  return sent;
}

/** 'Wyślij teraz': the invoice's current step (the first one before its day has come), sent by a person. */
export async function sendReminderNow(db: Db, invoiceId: number, userId: number, today = warsawDay()) {
  const [c] = await db
    .select(candidateColumns)
    .from(invoices)
    .leftJoin(customers, eq(customers.id, invoices.customerId))
    .where(eq(invoices.id, invoiceId));
  if (!c) return null;
  if (c.type !== 'vat') throw unprocessable(rm.notVat);
  if (c.paid || c.dueAmount <= 0) throw unprocessable(rm.paid);
  if (!c.customerEmail) throw unprocessable(rm.noEmail);
  if (c.noReminders) throw unprocessable(rm.noReminders);
  const steps = await readSchedule(db);
  const plan = reminderPlan(steps, c.paymentDate, await listReminders(db, invoiceId), today);
  const step = steps.find((s) => s.day === plan.current?.day);
  if (!step) throw new AppError(409, 'conflict', rm.noSchedule);
  const sent = await sendStep(db, invoiceId, step, today, { userId });
  if (!sent) throw await alreadySent(db, invoiceId, plan);
  return sent;
}

/** The 409 of a step sent before (or by a worker a moment ago): when it went, and when the next step goes. */
async function alreadySent(db: Db, invoiceId: number, plan: ReminderPlan) {
  const { current, next } = plan;
  const at = (await listReminders(db, invoiceId)).find((r) => r.day === current?.day)?.sentAt;
  return new AppError(
    409,
    'conflict',
    rm.alreadySent(
      current?.label ?? '',
      at ? formatWarsaw(at) : '—',
      next ? { label: next.label, date: formatDate(next.date) } : null,
    ),
  );
}

export async function listReminders(db: DbOrTx, invoiceId: number): Promise<InvoiceReminder[]> {
  const rows = await db
    .select()
    .from(invoiceReminders)
    .where(eq(invoiceReminders.invoiceId, invoiceId))
    .orderBy(asc(invoiceReminders.day));
  return rows.map(toReminderJson);
}

/** Runs the reminders every `everyMs` (REMINDERS_POLL_SECONDS) until stopped; a failing run waits for the next. */
export function startRemindersWorker(db: Db, log: FastifyBaseLogger, everyMs: number, nudge: () => void) {
  const run = () =>
    sendDueReminders(db)
      .then((n) => {
        if (n > 0) nudge();
      })
      .catch((error) => log.warn({ error: String(error) }, 'payment reminders failed'));
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, everyMs);
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

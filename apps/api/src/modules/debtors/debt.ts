import { DEFAULT_DEBTOR_AFTER_DAYS, debtorMessages as dm, validationMessages } from '@spedycja/domain';
import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, invoices, settings } from '../../db/schema/index.ts';
import { AppError, fieldViolation } from '../../http/errors.ts';
import { todayDateSql } from '../receivables/filters.ts';

/**
 * Debtors (issue 26): computed in SQL from the customer's open VAT invoices, read through
 * invoices_customer_unpaid_idx (customer_id, payment_date WHERE NOT paid) — never loaded into JavaScript.
 *
 * An open invoice: a VAT invoice (not a proforma; a corrective's due amount sits on the invoice it corrects, so it
 * counts through it), not paid, with something still due. Deleted invoices are gone from the table.
 * `overdueAmount`: what the open invoices past their payment date owe, in hundredths of PLN — an EUR invoice through
 * its own rate (exchange_rate, ten-thousandths of PLN), else the 'Kurs euro (PLN)' setting.
 * `debtor`: one of them is more than `debtorAfterDays` (a setting, 30 by default) past its payment date.
 */

const afterDaysSql = sql`coalesce((SELECT CASE WHEN value ~ '^[0-9]{1,4}$' THEN value::int END FROM ${settings}
  WHERE ${settings.key} = 'debtorAfterDays'), ${DEFAULT_DEBTOR_AFTER_DAYS})`;

const euroRateSql = sql`(SELECT CASE WHEN value ~ '^[0-9]{1,9}$' THEN value::numeric / 100 END FROM ${settings}
  WHERE ${settings.key} = 'euroExchangeRate')`;

/** An invoice's due amount in hundredths of PLN. */
const duePlnSql = sql`CASE WHEN ${invoices.currency} = 'eur'
  THEN round(${invoices.dueAmount}::numeric * coalesce(${invoices.exchangeRate}::numeric / 10000, ${euroRateSql}, 1))
  ELSE ${invoices.dueAmount}::numeric END`;

/** The customer's open VAT invoices past their payment date. */
const overdueOf = (customerId: AnyColumn | SQL | number) =>
  sql`${invoices.customerId} = ${customerId} AND NOT ${invoices.paid} AND ${invoices.type} = 'vat'
    AND ${invoices.dueAmount} > 0 AND ${invoices.paymentDate} < ${todayDateSql}`;

/** … and more than debtorAfterDays past it. */
const debtOf = (customerId: AnyColumn | SQL | number) =>
  sql`${overdueOf(customerId)} AND ${invoices.paymentDate} < ${todayDateSql} - ${afterDaysSql}`;

/** Hundredths of PLN the customer owes past the payment dates (a correlated subquery on customers.id). */
export const overdueAmountSql = (customerId: AnyColumn | SQL = customers.id) =>
  sql<string>`(SELECT coalesce(sum(${duePlnSql}), 0)::bigint FROM ${invoices} WHERE ${overdueOf(customerId)})`;

/**
 * Whether a customer of the list is a debtor, from its kept `debt_since` (the earliest payment date among its open
 * VAT invoices; triggers on invoices, migration 0049): one of them is past debtorAfterDays exactly when the earliest
 * is (the same two conditions as debtOf). A range of customers_debt_since_idx, or the walk of customers_owing_company_idx
 * in the list's order, instead of the invoices of every customer.
 */
const keptDebtorSql = sql<boolean>`(${customers.debtSince} < ${todayDateSql}
  AND ${customers.debtSince} < ${todayDateSql} - ${afterDaysSql})`;

/**
 * The columns a customer read adds to the row: `debtor` and `overdueAmount`, for the rows read (a page or one
 * customer). `debtor` as a scalar subquery with LIMIT 1, never an EXISTS: PostgreSQL may plan an EXISTS in the select
 * list as a hashed subplan, which reads every open invoice however few customers are read.
 */
export const customerDebtColumns = () => ({
  debtor: sql<boolean>`coalesce((SELECT true FROM ${invoices} WHERE ${debtOf(customers.id)} LIMIT 1), false)`,
  overdueAmount: overdueAmountSql(),
});

/** The JSON members from such a row (a row without them, e.g. a fresh insert's, owes nothing). */
export const customerDebtJson = (row: { debtor?: unknown; overdueAmount?: unknown }) => ({
  debtor: row.debtor === true || row.debtor === 't',
  overdueAmount: Number(row.overdueAmount ?? 0),
});

/** `debtor=true|false` on the customers list. */
export function debtorFilter(value: string): SQL | undefined {
  if (value === 'true' || value === '1') return keptDebtorSql;
  // A customer owing nothing has no date: not a debtor.
  if (value === 'false' || value === '0') return sql`NOT coalesce(${keptDebtorSql}, false)`;
  throw fieldViolation('debtor', validationMessages.oneOf);
}

/** The numbers of the invoices that make the customer a debtor, the oldest payment date first. */
export async function debtorInvoiceNumbers(db: DbOrTx, customerId: number): Promise<string[]> {
  const rows = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(debtOf(customerId))
    .orderBy(invoices.paymentDate, invoices.id)
    .limit(50);
  return rows.map((r) => r.number);
}

/**
 * Saving an order (a POST, or a query's conversion) for a debtor with 'Blokuj zlecenia dla dłużników' on: a
 * dispatcher gets a 422 naming the overdue invoices; an administrator saves it with a reason (kept on the order,
 * so in its history) and gets a 422 asking for one without it. Without the setting anyone saves (the web asks for a
 * confirmation). Answers the reason to store (or undefined).
 */
export async function assertCustomerAllowed(
  db: DbOrTx,
  customerId: number | null | undefined,
  admin: boolean,
  reason: string | undefined,
): Promise<string | undefined> {
  if (!customerId) return undefined;
  const [flag] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'blockOrdersForDebtors'));
  if (flag?.value !== 'tak') return undefined;
  const numbers = await debtorInvoiceNumbers(db, customerId);
  if (numbers.length === 0) return undefined;
  if (admin && reason) return reason;
  const message = admin ? dm.reasonNeeded(numbers) : dm.blocked(numbers);
  throw new AppError(422, 'customer_debtor', message, [{ propertyPath: 'customer', message }], {
    invoices: numbers,
  } as never);
}

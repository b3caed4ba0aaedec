import { INVOICE_PAYMENT_STATUSES, type InvoicePaymentStatus, validationMessages } from '@spedycja/domain';
import { type SQL, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.ts';
import { fieldViolation } from '../../http/errors.ts';
import { commaSeparated } from '../../http/filters.ts';

const i = invoices;

/** Today in Warsaw as a date (payment dates are whole days). */
export const todayDateSql = sql`(now() AT TIME ZONE 'Europe/Warsaw')::date`;

/** The SQL of one payment status: the rule of invoicePaymentStatus (domain), read through invoices_unpaid_idx. */
export function paymentStatusSql(status: InvoicePaymentStatus): SQL {
  switch (status) {
    case 'zaplacona':
      return sql`${i.paid}`;
    case 'po_terminie':
      return sql`(NOT ${i.paid} AND ${i.paymentDate} < ${todayDateSql})`;
    case 'czesciowo':
      return sql`(NOT ${i.paid} AND ${i.paidAmount} > 0 AND (${i.paymentDate} IS NULL OR ${i.paymentDate} >= ${todayDateSql}))`;
    case 'niezaplacona':
      return sql`(NOT ${i.paid} AND ${i.paidAmount} = 0 AND (${i.paymentDate} IS NULL OR ${i.paymentDate} >= ${todayDateSql}))`;
  }
}

/** `paymentStatus=po_terminie` or a list `paymentStatus=czesciowo,po_terminie`; anything else is a Polish 400. */
export function paymentStatusFilter(value: string): SQL | undefined {
  const values = commaSeparated(value);
  if (values.length === 0) return undefined;
  for (const v of values) {
    if (!(INVOICE_PAYMENT_STATUSES as readonly string[]).includes(v)) {
      throw fieldViolation('paymentStatus', validationMessages.oneOf);
    }
  }
  const ors = values.map((v) => paymentStatusSql(v as InvoicePaymentStatus));
  return ors.length === 1 ? ors[0] : sql`(${sql.join(ors, sql` OR `)})`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `customer.uuid=` (a uuid or the customer's IRI): the invoices of one customer record, by invoices_customer_idx. */
export function customerUuidFilter(value: string): SQL | undefined {
  const uuid = value.trim().replace(/^\/api\/customers\//, '');
  if (uuid === '') return undefined;
  if (!UUID_RE.test(uuid)) throw fieldViolation('customer.uuid', validationMessages.oneOf);
  return sql`${i.customerId} = (SELECT c.id FROM customers c WHERE c.uuid = ${uuid.toLowerCase()}::uuid)`;
}

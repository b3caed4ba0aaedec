import { CURRENCIES, INVOICE_TYPES, KSEF_STATUSES, PAGE_SIZES } from '@spedycja/domain';
import { type SQL, sql } from 'drizzle-orm';
import { invoices, orders } from '../../db/schema/index.ts';
import { commaSeparated, type FilterSpec, likePattern, scattered, sortKey } from '../../http/filters.ts';
import { customerUuidFilter, paymentStatusFilter } from '../receivables/filters.ts';

const i = invoices;

/**
 * A number as typed: from its start ('1/11/2026' is that invoice, not also '11/11/2026'), or, typed from a slash,
 * anywhere in it: the original client asks a month as `number=/11/` (a trigram index serves it).
 */
function numberFilter(value: string): SQL | undefined {
  const values = commaSeparated(value);
  if (values.length === 0) return undefined;
  const ors = values.map((v) => sql`${i.number} LIKE ${likePattern(v, v.startsWith('/') ? 'partial' : 'start')}`);
  return ors.length === 1 ? ors[0] : sql`(${sql.join(ors, sql` OR `)})`;
}

/** The screens' search: the buyer's name (ignoring case and Polish letters) or NIP (as typed, with dashes). */
function buyerFilter(value: string): SQL | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const nip = text.replace(/[\s.-]/g, '').toUpperCase();
  const byName = sql`f_unaccent(lower(${i.customerName})) LIKE f_unaccent(lower(${likePattern(text, 'partial')}))`;
  return scattered(
    /\d{3,}/.test(nip) ? sql`(${byName} OR ${i.customerNip} LIKE ${likePattern(nip, 'partial')})` : byName,
  );
}

/**
 * A picker's search (the bank statement's open-invoice picker): the number from its start, or the buyer as `search`
 * finds it — one text, either of the two.
 */
function numberOrBuyerFilter(value: string): SQL | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const byNumber = sql`${i.number} LIKE ${likePattern(text.replace(/\s*\/\s*/g, '/'), 'start')}`;
  return scattered(sql`(${byNumber} OR ${buyerFilter(text)})`);
}

export const invoiceFilters: FilterSpec = {
  fields: {
    id: { column: i.id, type: 'int', search: 'exact' },
    uuid: { column: i.uuid, type: 'uuid', search: 'exact' },
    type: { column: i.type, type: 'string', search: 'exact', values: INVOICE_TYPES },
    number: { column: i.numberSort, type: 'int', order: true },
    customerName: { column: i.customerName, type: 'string', search: 'unaccent', order: true },
    customerNip: { column: i.customerNip, type: 'string', search: 'taxId' },
    createdDate: { column: i.createdDate, type: 'date', date: true, range: true, order: true },
    saleDate: { column: i.saleDate, type: 'date', date: true, range: true, order: true },
    paymentDate: { column: i.paymentDate, type: 'date', date: true, range: true, order: true },
    currency: { column: i.currency, type: 'string', search: 'exact', values: CURRENCIES },
    paid: { column: i.paid, type: 'bool', search: 'exact' },
    invoiceSent: { column: i.invoiceSent, type: 'bool', search: 'exact' },
    ksefStatus: { column: i.ksefStatus, type: 'string', search: 'exact', values: KSEF_STATUSES },
    ksefNumber: { column: i.ksefNumber, type: 'string', search: 'exact' },
    totalGross: { column: i.totalGross, type: 'int', range: true, order: true },
    paidAmount: { column: i.paidAmount, type: 'int', range: true, order: true },
    dueAmount: { column: i.dueAmount, type: 'int', range: true, order: true },
    // The order asked of its own table, the invoice's key compared with its id (invoices_order_idx and
    // invoices_order_pro_forma_idx serve them; http/filters.ts joinedCondition).
    'orderEntity.uuid': {
      column: orders.uuid,
      type: 'uuid',
      search: 'exact',
      joined: { foreignKey: i.orderId, table: orders, id: orders.id },
    },
    'orderProFormaEntity.uuid': {
      column: orders.uuid,
      type: 'uuid',
      search: 'exact',
      joined: { foreignKey: i.orderProFormaId, table: orders, id: orders.id },
    },
  },
  custom: {
    number: numberFilter,
    customer: buyerFilter,
    search: buyerFilter,
    term: numberOrBuyerFilter,
    paymentStatus: paymentStatusFilter,
    'customer.uuid': customerUuidFilter,
  },
  // SPEC §7: the type is 'vat' unless asked.
  defaults: { type: 'vat' },
  // Newest first: the month's invoices by issue date, then in the order they were made (the id both ways, so that the
  // index on (type, created_date NULLS FIRST, id) is read backwards and nothing is sorted; the date is never null).
  defaultOrder: [sortKey(i.createdDate, 'desc', 'last'), sortKey(i.id, 'desc', 'first')],
  tiebreaker: i.id,
  // A payment status's page ids from the open invoices' index alone (it INCLUDEs the payment date and the amount paid):
  // 'po_terminie' skips the latest open invoices not yet due there, not in the table.
  idsFirst: (present) => present.has('paymentStatus'),
  itemsPerPage: PAGE_SIZES.default,
};

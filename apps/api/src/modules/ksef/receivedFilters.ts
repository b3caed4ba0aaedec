import { PAGE_SIZES } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { receivedInvoices as received } from '../../db/schema/index.ts';
import { type FilterSpec, sortKey } from '../../http/filters.ts';
import { uuidFromIri } from '../../http/hydra.ts';

/** The filters and order of the carriers' invoices fetched from KSeF (`GET /api/received_invoices`). */
export const receivedFilters: FilterSpec = {
  fields: {
    sellerNip: { column: received.sellerNip, type: 'string', search: 'taxId' },
    ksefNumber: { column: received.ksefNumber, type: 'string', search: 'exact' },
    invoiceNumber: { column: received.invoiceNumber, type: 'string', search: 'partial' },
    issueDate: { column: received.issueDate, type: 'date', date: true, range: true, order: true },
    grossAmount: { column: received.grossAmount, type: 'int', range: true, order: true },
    currency: { column: received.currency, type: 'string', search: 'exact' },
  },
  custom: {
    matched: (value) =>
      value === 'true' || value === '1'
        ? sql`${received.orderId} IS NOT NULL`
        : value === 'false' || value === '0'
          ? sql`${received.orderId} IS NULL`
          : undefined,
    order: (value) => {
      const uuid = uuidFromIri(value, 'orders') ?? (/^[0-9a-f-]{36}$/i.test(value) ? value : null);
      return uuid ? sql`${received.orderId} = (SELECT id FROM orders WHERE uuid = ${uuid})` : sql`false`;
    },
  },
  // Newest first, NULLS LAST (the date is never null) so that the issue date's index, NULLS FIRST as `order[issueDate]`
  // sorts, is read backwards.
  defaultOrder: [sortKey(received.issueDate, 'desc'), sortKey(received.id, 'desc', 'first')],
  tiebreaker: received.id,
  itemsPerPage: PAGE_SIZES.default,
};

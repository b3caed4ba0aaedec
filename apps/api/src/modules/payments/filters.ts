import { APP_TIMEZONE, type PaymentSide, type PaymentState, statsMessages } from '@spedycja/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { carriers, customers, orders, users } from '../../db/schema/index.ts';
import { badRequest } from '../../http/errors.ts';
import { type FilterSpec, likePattern, scattered, sortKey } from '../../http/filters.ts';
import { searchCondition } from '../parties/search.ts';
import { joinedParty, joinedUser } from '../shipments/filters.ts';

/**
 * The payments cockpit's lists: the orders whose customer has not paid us (receivables, 'Należności') or whom we have
 * not paid their carrier (payables, 'Zobowiązania'). Only orders that count (not deleted, 'aktywne' or 'zakonczone'),
 * read through the partial indexes orders_customer_unpaid_idx / orders_carrier_unpaid_idx in payment-date order:
 * the longest overdue first, the textual terms ('przed rozladunkiem') and the orders without a date last.
 */

export const paymentOwner = alias(users, 'payment_owner');

const o = orders;
export const sideColumns = (side: PaymentSide) =>
  side === 'customer'
    ? {
        party: customers,
        partyId: o.customerId,
        /** The party's name kept on the order (order[party.companyName], orders_customer_unpaid_party_idx). */
        partyName: o.customerCompanyName,
        paid: o.customerPaid,
        paidDate: o.customerPaidDate,
        date: o.customerDateOfPayment,
        term: o.customerDateOfPaymentString,
        price: o.customerPrice,
        currency: o.customerPriceCurrency,
        pricePln: o.customerPricePln,
      }
    : {
        party: carriers,
        partyId: o.carrierId,
        partyName: o.carrierCompanyName,
        paid: o.carrierPaid,
        paidDate: o.carrierPaidDate,
        // The carrier's own invoice (from KSeF) sets the day when it has one; else the order's term.
        date: o.carrierPaymentDue,
        term: o.carrierDateOfPaymentString,
        price: o.carrierPrice,
        currency: o.carrierPriceCurrency,
        pricePln: o.carrierPricePln,
      };

const zone = sql.raw(`'${APP_TIMEZONE}'`);
/** Today in Warsaw, as the UTC midnight that payment dates (whole days, kept as UTC midnights) are compared with. */
export const todaySql = sql`((now() AT TIME ZONE ${zone})::date)::timestamp AT TIME ZONE 'UTC'`;
/** Days past a payment date: positive when overdue, 0 on the day, negative before it; null without a date. */
export const daysOverdueSql = (date: SQLWrapper) =>
  sql<number | null>`((now() AT TIME ZONE ${zone})::date - (${date} AT TIME ZONE 'UTC')::date)`;

export function parseSide(value: unknown): PaymentSide {
  if (value === undefined || value === '' || value === 'customer') return 'customer';
  if (value === 'carrier') return 'carrier';
  throw badRequest(statsMessages.invalidSide);
}

function stateFilter(date: SQLWrapper) {
  return (value: string): SQL | undefined => {
    const state = value as PaymentState;
    if (state === 'all' || value === '') return undefined;
    if (state === 'overdue') return sql`${date} < ${todaySql}`;
    if (state === 'due') return sql`(${date} IS NULL OR ${date} >= ${todaySql})`;
    throw badRequest(statsMessages.invalidState);
  };
}

// Aliases, as the list itself joins the side's party table.
const searchedCustomer = { table: customers, as: alias(customers, 'searched_customer'), name: 'searched_customer' };
const searchedCarrier = { table: carriers, as: alias(carriers, 'searched_carrier'), name: 'searched_carrier' };

/**
 * The cockpit's 'Szukaj': an order by its number from the start ('12/11' is 12/11/…; orders_number_prefix_idx), or by
 * its customer or its carrier as the pickers find them (company, person, NIP, phone, e-mail: the parties' trigram-indexed
 * search_text). Each party table is searched once, through its index (a hashed subplan), and the list's own unpaid
 * orders (its partial index) are then matched against those few ids — no index on the orders is needed beyond these.
 */
function paymentSearch(value: string): SQL | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const match = (party: typeof searchedCustomer | typeof searchedCarrier) => searchCondition(party.as.searchText, text);
  const byNumber = sql`${o.number} LIKE ${likePattern(text, 'start')}`;
  const inParties = (party: typeof searchedCustomer | typeof searchedCarrier, id: SQLWrapper) => {
    const found = match(party);
    return found
      ? sql` OR ${id} IN (SELECT ${party.as.id} FROM ${party.table} AS ${sql.identifier(party.name)} WHERE ${found})`
      : sql``;
  };
  // The bounded walk asks each order's two parties by their keys (http/filters.ts `probes`): a fragment that a
  // quarter of the parties contain would otherwise read them all first.
  const probe = (party: typeof searchedCustomer | typeof searchedCarrier, id: SQLWrapper) => {
    const found = match(party);
    return found
      ? sql` OR coalesce((SELECT ${found} FROM ${party.table} AS ${sql.identifier(party.name)} WHERE ${party.as.id} = ${id}), false)`
      : sql``;
  };
  return scattered(
    sql`(${byNumber}${inParties(searchedCustomer, o.customerId)}${inParties(searchedCarrier, o.carrierId)})`,
    sql`(${byNumber}${probe(searchedCustomer, o.customerId)}${probe(searchedCarrier, o.carrierId)})`,
  );
}

export function paymentFilters(side: PaymentSide): FilterSpec {
  const c = sideColumns(side);
  const party = joinedParty(c.partyId, c.party);
  return {
    fields: {
      number: { column: o.id, type: 'int', order: true },
      paymentDate: { column: c.date, type: 'timestamp', date: true, order: true, wallClock: true },
      loadingDate: { column: o.loadingDate, type: 'timestamp', date: true, order: true, wallClock: true },
      amount: { column: c.price, type: 'int', range: true, order: true },
      currency: { column: c.currency, type: 'string', search: 'exact' },
      // The party and the owner on their own tables, matched with the order's keys (http/filters.ts joinedCondition).
      'party.uuid': { column: c.party.uuid, type: 'uuid', search: 'exact', joined: party },
      // The name kept on the order (always the party's: migration 0050's triggers), found through the side's
      // trigram index of open orders (orders_*_unpaid_name_trgm) and checked on the row by the bounded walk.
      'party.companyName': { column: c.partyName, type: 'string', search: 'unaccent', order: true },
      'user.uuid': { column: users.uuid, type: 'uuid', search: 'exact', joined: joinedUser(o.userId) },
    },
    custom: {
      state: stateFilter(c.date),
      search: paymentSearch,
      // Chooses the list (see parseSide), not a condition.
      side: () => undefined,
    },
    base: () => sql`NOT ${c.paid} AND ${o.deletionReason} = 0 AND ${o.status} IN ('aktywne', 'zakonczone')`,
    // The longest overdue first; as the partial index is ordered (ascending, no date last).
    defaultOrder: [sortKey(c.date, 'asc', 'last')],
    tiebreaker: o.id,
    itemsPerPage: 30,
    // The page's ids from the payment-date index alone: it holds the loading date, the currency and the owner
    // (migration 0079), so that a filter on them skips the older unpaid orders there, not in the table
    // (`loadingDate[after]` two months back: 41,669 orders read for 30 at 1,000,000 rows).
    idsFirst: true,
  };
}

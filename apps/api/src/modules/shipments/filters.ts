import { apiMessages, LOADING_TYPES } from '@spedycja/domain';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { carriers, customers, type orders, type queries, users } from '../../db/schema/index.ts';
import { streetAddressesSql } from '../../db/schema/shipments.ts';
import { AppError } from '../../http/errors.ts';
import { type FilterField, type JoinedRecord, joinedCondition } from '../../http/filters.ts';
import { searchCondition } from '../parties/search.ts';

/** Filters both queries and orders have (the route, cargo, dates, distance). */
export function shipmentFilterFields(t: typeof queries | typeof orders): Record<string, FilterField> {
  const fields: Record<string, FilterField> = {
    id: { column: t.id, type: 'int', search: 'exact', order: true },
    uuid: { column: t.uuid, type: 'uuid', search: 'exact' },
    cargo: { column: t.cargo, type: 'string', search: 'partial', order: true },
    loadingType: { column: t.loadingType, type: 'string', search: 'exact', order: true, values: LOADING_TYPES },
    distance: { column: t.distance, type: 'int', range: true, order: true, search: 'exact' },
    deletionReason: { column: t.deletionReason, type: 'int', range: true, search: 'exact' },
    loadingDate: { column: t.loadingDate, type: 'timestamp', date: true, range: true, order: true, wallClock: true },
    unloadingDate: {
      column: t.unloadingDate,
      type: 'timestamp',
      date: true,
      range: true,
      order: true,
      wallClock: true,
    },
    createdDate: { column: t.createdAt, type: 'timestamp', date: true, range: true, order: true },
  };
  for (const dim of ['cargoLength', 'cargoWidth', 'cargoHeight', 'cargoWeight'] as const) {
    fields[dim] = { column: t[dim], type: 'int', range: true, order: true };
  }
  // Both street addresses, joined as their trigram index holds them: each side's filter is first looked for there.
  const streets = streetAddressesSql(t);
  for (const side of ['loading', 'unloading'] as const) {
    fields[`${side}StreetAddress`] = {
      column: t[`${side}StreetAddress`],
      type: 'string',
      search: 'unaccent',
      trigram: streets,
    };
    fields[`${side}City`] = { column: t[`${side}City`], type: 'string', search: 'unaccent', order: true };
    // From its start, as lower(…_postal_code) text_pattern_ops is read.
    fields[`${side}PostalCode`] = { column: t[`${side}PostalCode`], type: 'string', search: 'start' };
    // Countries are stored as ISO codes in capitals (the schemas upper-case them).
    fields[`${side}Country`] = { column: t[`${side}Country`], type: 'string', search: 'upper', order: true };
  }
  return fields;
}

/** 'wszystkie' means every status; the other filter values are exact. */
export const statusFilter =
  (column: SQLWrapper, allowed: readonly string[]) =>
  (value: string): SQL | undefined => {
    if (value === '' || value === 'wszystkie') return undefined;
    if (!allowed.includes(value)) throw new AppError(400, 'invalid_filter', apiMessages.invalidFilter('status'));
    return sql`${column} = ${value}`;
  };

/** A customer or a carrier referred to by a list's foreign key; its search_text holds these columns. */
export const joinedParty = (foreignKey: SQLWrapper, party: typeof customers | typeof carriers): JoinedRecord => ({
  foreignKey,
  table: party,
  id: party.id,
  searchText: {
    text: party.searchText,
    of: [party.companyName, party.name, party.nip, party.phone, party.email, party.city],
  },
});

/** A user referred to by a list's foreign key (the owner, the assignee). */
export const joinedUser = (foreignKey: SQLWrapper): JoinedRecord => ({ foreignKey, table: users, id: users.id });

/**
 * A party's text filter (`customer=`, `carrier=`): company, name, NIP, phone or e-mail, as the pickers search, asked of
 * the party's table alone (its trigram index) and matched with the list's foreign key.
 */
export const partyTextFilter =
  (party: JoinedRecord) =>
  (value: string): SQL | undefined => {
    const match = party.searchText && searchCondition(party.searchText.text, value);
    return match ? joinedCondition(party, match) : undefined;
  };

/**
 * The filters on a list's customer, carrier and owner (`customer.uuid`, `customer.nip`, `customer.companyName`,
 * `user.name`…), each on the record's own table through the list's foreign key; sorted by the names the list's row
 * keeps (`kept`), which its indexes yield in order.
 */
export function partyFilterFields(
  keys: { customer?: SQLWrapper; carrier?: SQLWrapper; user?: SQLWrapper },
  kept: { customer?: SQLWrapper; carrier?: SQLWrapper; user?: SQLWrapper },
): Record<string, FilterField> {
  const fields: Record<string, FilterField> = {};
  for (const side of ['customer', 'carrier'] as const) {
    const key = keys[side];
    if (!key) continue;
    const party = side === 'customer' ? customers : carriers;
    const joined = joinedParty(key, party);
    fields[`${side}.uuid`] = { column: party.uuid, type: 'uuid', search: 'exact', joined };
    fields[`${side}.nip`] = { column: party.nip, type: 'string', search: 'taxId', joined };
    fields[`${side}.companyName`] = {
      column: party.companyName,
      type: 'string',
      search: 'unaccent',
      joined,
      order: kept[side] !== undefined,
      orderBy: kept[side],
    };
  }
  if (keys.user) {
    const joined = joinedUser(keys.user);
    fields['user.uuid'] = { column: users.uuid, type: 'uuid', search: 'exact', joined };
    fields['user.name'] = {
      column: users.name,
      type: 'string',
      search: 'unaccent',
      joined,
      order: kept.user !== undefined,
      orderBy: kept.user,
    };
  }
  return fields;
}

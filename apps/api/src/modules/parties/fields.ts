import { verificationStatus } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import type { carriers, customers } from '../../db/schema/index.ts';
import { type FilterEquals, type FilterField, scattered, sortKey } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { warsawDay } from '../../warsawDay.ts';
import { currentValidDays } from '../verification/status.ts';
import { beginsWithSearch, searchCondition } from './search.ts';

type PartyTable = typeof customers | typeof carriers;

/** Filters both parties have: partial text, exact codes, sorting. */
export function partyFilterFields(t: PartyTable): Record<string, FilterField> {
  // The columns search_text holds (db/schema/parties.ts): their contains filters are first looked for in its trigram
  // index; the street address has an index of its own (unaccented, lower-case, as the superset must be).
  const searched = t.searchText;
  const street = sql`f_unaccent(lower(${t.streetAddress}))`;
  return {
    id: { column: t.id, type: 'int', search: 'exact', order: true },
    uuid: { column: t.uuid, type: 'uuid', search: 'exact' },
    companyName: { column: t.companyName, type: 'string', search: 'partial', order: true, trigram: searched },
    name: { column: t.name, type: 'string', search: 'partial', order: true, trigram: searched },
    nip: { column: t.nip, type: 'string', search: 'taxId', order: true, trigram: searched },
    phone: { column: t.phone, type: 'string', search: 'phone', trigram: searched },
    email: { column: t.email, type: 'string', search: 'partial', order: true, trigram: searched },
    city: { column: t.city, type: 'string', search: 'partial', order: true, trigram: searched },
    // From its start, as lower(postal_code) text_pattern_ops is read.
    postalCode: { column: t.postalCode, type: 'string', search: 'start' },
    streetAddress: { column: t.streetAddress, type: 'string', search: 'partial', trigram: street },
    country: { column: t.country, type: 'string', search: 'upper', order: true },
    language: { column: t.language, type: 'string', search: 'exact', order: true },
    createdDate: { column: t.createdAt, type: 'timestamp', date: true, order: true },
  };
}

export const partySearch = (t: PartyTable) => ({
  search: (value: string) => {
    const condition = searchCondition(t.searchText, value);
    return condition && scattered(condition);
  },
});

// As an explicit order[companyName]=asc sorts, so that the company-name index serves both.
export const partyDefaultOrder = (t: PartyTable) => [sortKey(t.companyName, 'asc', 'first')];

/**
 * A search without an order asked for ranks the records whose company name begins with the text first, then the other
 * matches; each group by company (unaccented, lower-case), then person, companies before people without one. Ordered
 * by the relevance first, no index gives this order, so the planner sorts the (few) matches the trigram index finds
 * rather than walking an index past every row that does not match; walk.ts walks the sort keys' index, only so far.
 */
export const partySearchOrder = (t: PartyTable) => (present: ReadonlySet<string>, equals: FilterEquals) => {
  if (!present.has('search')) return undefined;
  const text = equals.get('search')?.[0];
  const first = text === undefined ? undefined : beginsWithSearch(t.companySortKey, text);
  return [
    ...(first ? [sortKey(first, 'desc', 'last')] : []),
    sortKey(t.companySortKey, 'asc', 'last'),
    sortKey(t.nameSortKey, 'asc', 'last'),
  ];
};

export function partyJson(resource: string, type: string, row: PartyTable['$inferSelect']) {
  return {
    '@id': iri(resource, row.uuid),
    '@type': type,
    id: row.id,
    uuid: row.uuid,
    version: row.version,
    companyName: row.companyName,
    name: row.name,
    phonePrefix: row.phonePrefix,
    phone: row.phone,
    email: row.email,
    streetAddress: row.streetAddress,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    nip: row.nip,
    language: row.language,
    createdDate: row.createdAt.toISOString(),
    bankAccounts: row.bankAccounts,
    vatStatus: row.vatStatus,
    vatStatusCheckedAt: row.vatStatusCheckedAt?.toISOString() ?? null,
    registryStatus: row.registryStatus,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verificationStatus: verificationStatus(
      {
        verifiedAt: row.verifiedAt?.toISOString() ?? null,
        vatStatus: row.vatStatus,
        registryStatus: row.registryStatus,
        ocpValidTo: 'ocpValidTo' in row ? row.ocpValidTo : undefined,
        country: row.country,
      },
      type === 'Carrier' ? 'carrier' : 'customer',
      warsawDay(),
      currentValidDays(),
    ),
  };
}

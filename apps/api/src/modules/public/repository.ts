import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queries } from '../../db/schema/index.ts';
import type { FilterSpec, ListParams } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { isoOrNull } from '../queries/repository.ts';

/** The public page's open queries: what it filters on, and the columns it shows (no customers, prices or notes). */

const PUBLIC_PAGE_SIZE = 20;

export const openQuery = sql`${queries.status} = 'aktywne' AND ${queries.deletionReason} = 0`;
const loadsFrom = sql`coalesce(${queries.loadingDate}, 'infinity'::timestamptz)`;

export const publicFilters: FilterSpec = {
  fields: {
    loadingCountry: { column: queries.loadingCountry, type: 'string', search: 'upper' },
    unloadingCountry: { column: queries.unloadingCountry, type: 'string', search: 'upper' },
    loadingDate: { column: queries.loadingDate, type: 'timestamp', date: true, order: true },
  },
  // Carriers look for loads to come: past loading dates are not shown (offers still go to any open query).
  // A query without a loading date counts as loading 'some day' (infinity): it is shown, after the dated ones, and the
  // condition and the order read queries_public_idx as one range.
  base: () => sql`${openQuery} AND ${loadsFrom} >= date_trunc('day', now())`,
  defaultOrder: [sql`${loadsFrom} ASC`],
  tiebreaker: queries.id,
  itemsPerPage: PUBLIC_PAGE_SIZE,
  maxItemsPerPage: 50,
};

const publicColumns = {
  uuid: queries.uuid,
  id: queries.id,
  cargo: queries.cargo,
  cargoLength: queries.cargoLength,
  cargoWidth: queries.cargoWidth,
  cargoHeight: queries.cargoHeight,
  cargoWeight: queries.cargoWeight,
  loadingPostalCode: queries.loadingPostalCode,
  loadingCity: queries.loadingCity,
  loadingCountry: queries.loadingCountry,
  loadingDate: queries.loadingDate,
  unloadingPostalCode: queries.unloadingPostalCode,
  unloadingCity: queries.unloadingCity,
  unloadingCountry: queries.unloadingCountry,
  unloadingDate: queries.unloadingDate,
  loadingType: queries.loadingType,
  distance: queries.distance,
};
export type PublicRow = { [K in keyof typeof publicColumns]: (typeof publicColumns)[K]['_']['data'] | null };

export const toPublicJson = (q: PublicRow) => ({
  '@id': iri('queries', q.uuid as string),
  '@type': 'PublicQuery',
  ...q,
  loadingDate: isoOrNull(q.loadingDate),
  unloadingDate: isoOrNull(q.unloadingDate),
});

/** The public page's rows: one more than the page, to know whether a next page exists. */
export function publicPageStatement(db: DbOrTx, params: ListParams) {
  return db
    .select(publicColumns)
    .from(queries)
    .where(params.where)
    .orderBy(...params.orderBy)
    .limit(params.itemsPerPage + 1)
    .offset(params.offset);
}

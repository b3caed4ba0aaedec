import type { HydraCollection } from '@spedycja/domain';
import type { ListParams } from './filters.ts';

/** API Platform 3 JSON-LD shapes: `hydra:member`, `hydra:totalItems` and page links. */

export function iri(resource: string, uuid: string): string {
  return `/api/${resource}/${uuid}`;
}

function pageUrl(url: URL, page: number): string {
  const u = new URL(url.toString());
  u.searchParams.set('page', String(page));
  return `${u.pathname}?${u.searchParams.toString()}`;
}

export function collection<T>(
  requestUrl: string,
  members: T[],
  totalItems: number,
  params: Pick<ListParams, 'paginated' | 'page' | 'itemsPerPage' | 'totalCapped'> & { partial?: boolean },
): HydraCollection<T> {
  const url = new URL(requestUrl, 'http://local');
  const body: HydraCollection<T> = {
    '@context': '/api/contexts/Collection',
    '@id': url.pathname,
    '@type': 'hydra:Collection',
    'hydra:member': members,
    'hydra:totalItems': totalItems,
  };
  // More rows match than were counted (http/listing.ts COUNT_CAP): the total is a lower bound.
  if (params.totalCapped) body.totalItemsCapped = true;
  if (params.partial) {
    // Partial pagination: no total was counted, so none is claimed.
    delete (body as Partial<HydraCollection<T>>)['hydra:totalItems'];
    return body;
  }
  if (params.paginated) {
    const last = Math.max(1, Math.ceil(totalItems / params.itemsPerPage));
    if (last > 1 || params.page > 1) {
      body['hydra:view'] = {
        '@id': pageUrl(url, params.page),
        '@type': 'hydra:PartialCollectionView',
        'hydra:first': pageUrl(url, 1),
        'hydra:last': pageUrl(url, last),
        ...(params.page > 1 ? { 'hydra:previous': pageUrl(url, params.page - 1) } : {}),
        ...(params.page < last ? { 'hydra:next': pageUrl(url, params.page + 1) } : {}),
      };
    }
  }
  return body;
}

/** Accepts an IRI (`/api/customers/{uuid}`) or a bare uuid; returns the uuid. */
export function uuidFromIri(value: string, resource: string): string | null {
  const prefix = `/api/${resource}/`;
  const id = value.startsWith(prefix) ? value.slice(prefix.length) : value;
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id.toLowerCase() : null;
}

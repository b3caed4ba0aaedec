import type { HydraCollection, PublicQuery } from '@spedycja/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { publicKeys } from './keys.ts';

export const PUBLIC_PAGE_SIZE = 20;

/** GET /api/public/queries without a token: open queries, no total; `hydra:view` says if there is more. */
export const getPublicQueries = (params: QueryParams) =>
  api.list<PublicQuery>('/public/queries', { ...params, itemsPerPage: PUBLIC_PAGE_SIZE }, { anonymous: true });

export const usePublicQueries = (params: QueryParams) =>
  useQuery({
    queryKey: publicKeys.queries(params),
    queryFn: () => getPublicQueries(params),
    placeholderData: keepPreviousData,
  });

export const hasNextPage = (data: HydraCollection<PublicQuery> | undefined) => !!data?.['hydra:view']?.['hydra:next'];
export const hasPreviousPage = (data: HydraCollection<PublicQuery> | undefined) =>
  !!data?.['hydra:view']?.['hydra:previous'];

import type { HydraCollection, Offer } from '@spedycja/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { offersMessages as t } from '../messages.ts';
import { offerKeys } from './keys.ts';

/** GET /api/offers?query.uuid={uuid}: a query's active offers, newest first. */
export const getOffers = (params: QueryParams): Promise<HydraCollection<Offer>> => api.list<Offer>('/offers', params);

export const useOffers = (params: QueryParams, enabled: boolean) =>
  useQuery({
    queryKey: offerKeys.list(params),
    queryFn: () => getOffers(params),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorAction: t.loadList },
  });

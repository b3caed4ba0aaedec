import type { Offer } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { offersMessages as t } from '../messages.ts';
import { offerKeys } from './keys.ts';

export const getOffer = (uuid: string) => api.get<Offer>(`/offers/${uuid}`);

/** One offer for the edit form; always fresh. */
export const useOffer = (uuid: string | null | undefined) =>
  useQuery({
    queryKey: offerKeys.detail(uuid ?? ''),
    queryFn: () => getOffer(uuid ?? ''),
    enabled: !!uuid,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.loadOne },
  });

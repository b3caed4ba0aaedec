import type { Carrier } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { carriersMessages as t } from '../messages.ts';
import { carrierKeys } from './keys.ts';

/** GET /api/carriers/{uuid}. */
export const getCarrier = (uuid: string) => api.get<Carrier>(`/carriers/${uuid}`);

/** One carrier for the edit modal; always fresh, since the modal edits it. */
export const useCarrier = (uuid: string | null | undefined) =>
  useQuery({
    queryKey: carrierKeys.detail(uuid ?? ''),
    queryFn: () => getCarrier(uuid ?? ''),
    enabled: !!uuid,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.loadOne },
  });

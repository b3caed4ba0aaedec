import type { CarrierRecord } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { carriersMessages as t } from '../messages.ts';
import { carrierKeys } from './keys.ts';

/** GET /api/carriers/{uuid}/record (issue 39): the kept figures of 12 months, their months and the last ratings. */
export const getCarrierRecord = (uuid: string) => api.get<CarrierRecord>(`/carriers/${uuid}/record`);

export const useCarrierRecord = (uuid: string | null | undefined) =>
  useQuery({
    queryKey: carrierKeys.record(uuid ?? ''),
    queryFn: () => getCarrierRecord(uuid ?? ''),
    enabled: !!uuid,
    meta: { errorAction: t.record.loadRecord },
  });

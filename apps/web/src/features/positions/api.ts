import type { CarrierApiKey, EtaBasis, OrderEta, OrderPosition } from '@spedycja/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type HydraCollection } from '../../lib/apiClient.ts';

export type OrderPositions = {
  positions: OrderPosition[];
  eta: OrderEta | null;
  basis: EtaBasis | null;
  tilesUrl: string | null;
};

export const useOrderPositions = (orderUuid: string) =>
  useQuery({
    queryKey: ['orders', orderUuid, 'positions'],
    queryFn: () => api.get<OrderPositions>(`/orders/${orderUuid}/positions`),
    refetchInterval: 60_000,
  });

const keysKey = (carrierUuid: string) => ['carriers', carrierUuid, 'api_keys'];

export const useApiKeys = (carrierUuid: string) =>
  useQuery({
    queryKey: keysKey(carrierUuid),
    queryFn: () => api.list<CarrierApiKey>(`/carriers/${carrierUuid}/api_keys`),
  });

export function useCreateApiKey(carrierUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post<CarrierApiKey & { key: string }>(`/carriers/${carrierUuid}/api_keys`, { name }),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(carrierUuid) }),
  });
}

export function useRevokeApiKey(carrierUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.del(`/api_keys/${uuid}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keysKey(carrierUuid) }),
  });
}

export type { HydraCollection };

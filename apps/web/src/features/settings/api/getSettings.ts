import type { Setting } from '@spedycja/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { settingsMessages as t } from '../messages.ts';

/** GET /api/settings: every setting; login loads them into the cache (SPEC §4). */
export const getSettings = async (): Promise<Setting[]> => (await api.list<Setting>('/settings'))['hydra:member'];

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: getSettings,
    staleTime: 5 * 60_000,
    meta: { errorAction: t.loadAction },
  });

export const useSettings = () => useQuery(settingsQueryOptions());

/** The settings as a key-to-value map (SPEC §3), e.g. to default a new order's euro rate. */
export function settingsMap(settings: readonly Setting[] | undefined): Record<string, string | null> {
  return Object.fromEntries((settings ?? []).map((s) => [s.key, s.value]));
}

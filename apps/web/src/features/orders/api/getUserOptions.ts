import type { User } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { ordersMessages as t } from '../messages.ts';

/**
 * GET /api/users?pagination=false as select options (Opiekun). The cache entry is the one the
 * queries screen reads too (same key, same request): the list is fetched once for both.
 */
export const useUserOptions = (enabled = true) =>
  useQuery({
    queryKey: ['users', 'options'] as const,
    queryFn: () => api.list<User>('/users', { pagination: false }),
    select: (data) => data['hydra:member'].map((u) => ({ value: u['@id'], label: u.name })),
    staleTime: 5 * 60_000,
    enabled,
    meta: { errorAction: t.loadingUsers },
  });

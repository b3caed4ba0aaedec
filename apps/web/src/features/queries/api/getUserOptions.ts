import type { User } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { queriesMessages as t } from '../messages.ts';

/** GET /api/users?pagination=false: the owners a query can have (Opiekun), as select options. */
export const useUserOptions = (enabled = true) =>
  useQuery({
    // Under 'users', so that changes to users refresh it too.
    queryKey: ['users', 'options'] as const,
    queryFn: () => api.list<User>('/users', { pagination: false }),
    select: (data) => data['hydra:member'].map((u) => ({ value: u['@id'], label: u.name })),
    staleTime: 5 * 60_000,
    enabled,
    meta: { errorAction: t.loadingUsers },
  });

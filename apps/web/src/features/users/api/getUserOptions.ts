import type { User } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { usersMessages as t } from '../messages.ts';

/**
 * GET /api/users?pagination=false as select options (the owner of a query or an order, the user a
 * task is assigned to). One cache entry for every screen that offers them.
 */
export const useUserOptions = (enabled = true) =>
  useQuery({
    // Under 'users', so that changes to users refresh it too.
    queryKey: ['users', 'options'] as const,
    queryFn: () => api.list<User>('/users', { pagination: false }),
    select: (data) => data['hydra:member'].map((u) => ({ value: u['@id'], label: u.name })),
    staleTime: 5 * 60_000,
    enabled,
    meta: { errorAction: t.actions.list },
  });

type Option = { value: string; label: string };

/** The current owner stays choosable even when the users list does not have them (yet). */
export function withCurrentUser(options: Option[], current: string | null): Option[] {
  return current && !options.some((o) => o.value === current) ? [...options, { value: current, label: '…' }] : options;
}

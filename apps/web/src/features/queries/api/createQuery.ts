import type { Query, QueryCreate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { queriesMessages as t } from '../messages.ts';
import { queryKeys } from './keys.ts';

/** POST /api/queries (201): every field, null when missing; customer and user as IRIs. */
export const createQuery = (payload: QueryCreate) => api.post<Query>('/queries', payload);

export function useCreateQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuery,
    meta: { errorAction: t.create, successMessage: t.created },
    // A new query goes first in the default order: the lists are read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.lists }),
  });
}

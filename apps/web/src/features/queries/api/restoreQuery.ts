import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { queriesMessages as t } from '../messages.ts';
import { removeQueryFromLists } from './cache.ts';

/** POST /api/restore/{uuid} {type: 'query'} (admins, from the deleted view). */
export const restoreQuery = (uuid: string) => api.post<void>(`/restore/${uuid}`, { type: 'query' });

export function useRestoreQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreQuery,
    meta: { errorAction: t.restoreAction, successMessage: t.restored },
    // Gone from the deleted view at once; the other lists are stale and read again when shown.
    onSuccess: (_data, uuid) => removeQueryFromLists(queryClient, uuid),
  });
}

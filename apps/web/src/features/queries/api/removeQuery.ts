import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { queriesMessages as t } from '../messages.ts';
import { removeQueryFromLists } from './cache.ts';

/** POST /api/remove/{uuid} {type: 'query', reason}: a soft delete (SPEC §4). */
export const removeQuery = ({ uuid, reason }: { uuid: string; reason: number }) =>
  api.post<void>(`/remove/${uuid}`, { type: 'query', reason });

export function useRemoveQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeQuery,
    meta: { errorAction: t.remove, successMessage: t.deleted },
    onSuccess: (_data, { uuid }) => removeQueryFromLists(queryClient, uuid),
  });
}

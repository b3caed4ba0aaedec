import type { Query, QueryUpdate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { queriesMessages as t } from '../messages.ts';
import { patchQueryInLists } from './cache.ts';

/** PUT /api/queries/{uuid}: a partial update (the modal sends every field, a table cell only its own). */
export const updateQuery = ({ uuid, payload }: { uuid: string; payload: QueryUpdate }) =>
  api.put<Query>(`/queries/${uuid}`, payload);

export function useUpdateQuery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuery,
    meta: { errorAction: t.update, successMessage: t.updated },
    onSuccess: (query) => patchQueryInLists(queryClient, query),
  });
}

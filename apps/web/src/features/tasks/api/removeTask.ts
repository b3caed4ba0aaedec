import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

/** POST /api/remove/{uuid} {type: 'task', reason}: a soft delete (SPEC §4). */
export const removeTask = ({ uuid, reason }: { uuid: string; reason: number }) =>
  api.post<void>(`/remove/${uuid}`, { type: 'task', reason });

export function useRemoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTask,
    meta: { errorAction: t.remove, successMessage: t.deleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

import type { Task, TaskUpdate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

/** PUT /api/tasks/{uuid}: a partial update; status 'wykonane' sets finishedDate, back to 'niewykonane' clears it. */
export const updateTask = ({ uuid, payload }: { uuid: string; payload: TaskUpdate }) =>
  api.put<Task>(`/tasks/${uuid}`, payload);

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    meta: { errorAction: t.update, successMessage: t.updated },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

/** The mark-as-done confirmation: the same PUT with only the status. */
export function useMarkTaskDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => updateTask({ uuid, payload: { status: 'wykonane' } }),
    meta: { errorAction: t.update, successMessage: t.done },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

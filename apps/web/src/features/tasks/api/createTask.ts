import type { Task, TaskCreate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

/** POST /api/tasks (201); the server sets createdBy to the caller. */
export const createTask = (payload: TaskCreate) => api.post<Task>('/tasks', payload);

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    meta: { errorAction: t.create, successMessage: t.created },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

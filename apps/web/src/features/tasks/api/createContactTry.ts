import type { ContactTryCreate, TaskContactTry } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

/** POST /api/task_contact_tries (201); the server also moves the task's contactDate and comment. */
export const createContactTry = (payload: ContactTryCreate) => api.post<TaskContactTry>('/task_contact_tries', payload);

export function useCreateContactTry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContactTry,
    meta: { errorAction: t.addTry, successMessage: t.tryAdded },
    // The task's row (contact date, comment, attempts) and the badge change with it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

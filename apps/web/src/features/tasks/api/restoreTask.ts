import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

/** POST /api/restore/{uuid} {type: 'task'} (admins, from the deleted view). */
export const restoreTask = (uuid: string) => api.post<void>(`/restore/${uuid}`, { type: 'task' });

export function useRestoreTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreTask,
    meta: { errorAction: t.restore, successMessage: t.restored },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

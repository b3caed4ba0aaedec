import type { Task } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

export const getTask = (uuid: string) => api.get<Task>(`/tasks/${uuid}`);

/** One task for the edit modal; always fresh, since the modal edits it. */
export const useTask = (uuid: string | null | undefined) =>
  useQuery({
    queryKey: taskKeys.detail(uuid ?? ''),
    queryFn: () => getTask(uuid ?? ''),
    enabled: !!uuid,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.loadOne },
  });

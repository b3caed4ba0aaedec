import type { HydraCollection, TaskContactTry } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

/** GET /api/task_contact_tries?task.uuid={uuid}: a task's attempts, oldest first. */
export const getContactTries = (taskUuid: string): Promise<HydraCollection<TaskContactTry>> =>
  api.list<TaskContactTry>('/task_contact_tries', { 'task.uuid': taskUuid });

/** Always fresh: the modal edits them. A failure is notified and closes the modal (SPEC §8). */
export const useContactTries = (taskUuid: string | null) =>
  useQuery({
    queryKey: taskKeys.tries(taskUuid ?? ''),
    queryFn: () => getContactTries(taskUuid ?? ''),
    enabled: !!taskUuid,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.loadTries },
  });

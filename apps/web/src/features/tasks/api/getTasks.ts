import { type HydraCollection, PAGE_SIZES, type Task } from '@spedycja/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

export const TASKS_PAGE_SIZE = PAGE_SIZES.tasks;

/** GET /api/tasks: status, queryEntity.uuid, orderEntity.uuid, user.*, contactDate[…], order[…], page. */
export const getTasks = (params: QueryParams, signal?: AbortSignal): Promise<HydraCollection<Task>> =>
  api.list<Task>('/tasks', params, { signal });

export const tasksQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: taskKeys.list(params),
    queryFn: ({ signal }) => getTasks(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.loadList },
  });

export const useTasks = (params: QueryParams, enabled = true) => useQuery({ ...tasksQueryOptions(params), enabled });

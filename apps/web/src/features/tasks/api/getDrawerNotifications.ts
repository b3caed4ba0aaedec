import { DRAWER_REFRESH_MS } from '@spedycja/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { taskKeys } from './keys.ts';

/**
 * GET /api/tasks/drawerNotifications: the count on the drawer's tasks badge, refreshed every minute
 * and at once after any task change (its key sits under taskKeys.all).
 */
export const getDrawerNotifications = () => api.get<{ count: number }>('/tasks/drawerNotifications');

export const drawerNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: taskKeys.drawerNotifications,
    queryFn: getDrawerNotifications,
    refetchInterval: DRAWER_REFRESH_MS,
    staleTime: DRAWER_REFRESH_MS / 2,
  });

export const useDrawerNotifications = (enabled = true) => useQuery({ ...drawerNotificationsQueryOptions(), enabled });

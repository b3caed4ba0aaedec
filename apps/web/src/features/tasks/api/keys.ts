import type { QueryParams } from '../../../lib/apiClient.ts';

/**
 * Everything about tasks lives under 'tasks', the drawer badge included: invalidating `all` after
 * any task change refreshes the lists, the open modals and the badge at once.
 */
export const taskKeys = {
  all: ['tasks'] as const,
  lists: ['tasks', 'list'] as const,
  list: (params: QueryParams) => ['tasks', 'list', params] as const,
  detail: (uuid: string) => ['tasks', 'detail', uuid] as const,
  tries: (taskUuid: string) => ['tasks', 'tries', taskUuid] as const,
  drawerNotifications: ['tasks', 'drawerNotifications'] as const,
};

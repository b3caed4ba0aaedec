import type { QueryParams } from '../../../lib/apiClient.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (params: QueryParams) => ['users', 'list', params] as const,
  detail: (uuid: string) => ['users', 'detail', uuid] as const,
};

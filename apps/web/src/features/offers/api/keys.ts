import type { QueryParams } from '../../../lib/apiClient.ts';

export const offerKeys = {
  all: ['offers'] as const,
  list: (params: QueryParams) => ['offers', 'list', params] as const,
  detail: (uuid: string) => ['offers', 'detail', uuid] as const,
};

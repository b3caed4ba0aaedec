import type { QueryParams } from '../../../lib/apiClient.ts';

export const publicKeys = {
  queries: (params: QueryParams) => ['public', 'queries', params] as const,
  verification: (token: string) => ['public', 'verification', token] as const,
};

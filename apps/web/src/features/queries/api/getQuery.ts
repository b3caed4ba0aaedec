import type { Query } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { queriesMessages as t } from '../messages.ts';
import { queryKeys } from './keys.ts';

/** GET /api/queries/{uuid}. */
export const getQuery = (uuid: string) => api.get<Query>(`/queries/${uuid}`);

/**
 * One query for the edit modal; always fresh, since the modal edits it. `quiet`: a failed read is not notified (the
 * read-only view says why itself).
 */
export const useQueryDetail = (uuid: string | null | undefined, { quiet = false } = {}) =>
  useQuery({
    queryKey: queryKeys.detail(uuid ?? ''),
    queryFn: () => getQuery(uuid ?? ''),
    enabled: !!uuid,
    staleTime: 0,
    gcTime: 0,
    meta: quiet ? {} : { errorAction: t.loadOne },
  });

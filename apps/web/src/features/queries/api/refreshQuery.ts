import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notifyError } from '../../../lib/notify.ts';
import { queriesMessages as t } from '../messages.ts';
import { patchQueryInLists } from './cache.ts';
import { getQuery } from './getQuery.ts';

/** Reads one query again (e.g. its best offer after the offers changed) and puts it into the loaded lists. */
export function useRefreshQuery() {
  const queryClient = useQueryClient();
  return useCallback(
    async (uuid: string) => {
      try {
        patchQueryInLists(queryClient, await getQuery(uuid));
      } catch (error) {
        notifyError(t.loadOne, error);
      }
    },
    [queryClient],
  );
}

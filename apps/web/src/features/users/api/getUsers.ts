import type { HydraCollection, User } from '@spedycja/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import { usersMessages as t } from '../messages.ts';
import { userKeys } from './keys.ts';

/** GET /api/users with page, itemsPerPage, order[...] and the login/name/email filters. */
export const getUsers = (params: QueryParams): Promise<HydraCollection<User>> => api.list<User>('/users', params);

export const usersQueryOptions = (params: QueryParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: () => getUsers(params),
    placeholderData: keepPreviousData,
    meta: { errorAction: t.actions.list },
  });

export const useUsers = (params: QueryParams) => useQuery(usersQueryOptions(params));

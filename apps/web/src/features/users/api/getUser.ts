import type { User } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { usersMessages as t } from '../messages.ts';
import { userKeys } from './keys.ts';

export const getUser = (uuid: string) => api.get<User>(`/users/${uuid}`);

/** One user for the edit modal; always fresh, since the modal edits it. */
export const useUser = (uuid: string | null | undefined) =>
  useQuery({
    queryKey: userKeys.detail(uuid ?? ''),
    queryFn: () => getUser(uuid ?? ''),
    enabled: !!uuid,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.actions.load },
  });

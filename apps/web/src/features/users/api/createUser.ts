import type { User, UserCreate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { usersMessages as t } from '../messages.ts';
import { userKeys } from './keys.ts';

/** POST /api/users (201). */
export const createUser = (payload: UserCreate) => api.post<User>('/users', payload);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    meta: { errorAction: t.actions.create, successMessage: t.created },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

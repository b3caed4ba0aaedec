import type { User, UserUpdate } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { usersMessages as t } from '../messages.ts';
import { userKeys } from './keys.ts';

/** PUT /api/users/{uuid}: a partial update; an empty password keeps the current one. */
export const updateUser = ({ uuid, payload }: { uuid: string; payload: UserUpdate }) =>
  api.put<User>(`/users/${uuid}`, payload);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    meta: { errorAction: t.actions.update, successMessage: t.updated },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

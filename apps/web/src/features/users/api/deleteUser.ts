import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { usersMessages as t } from '../messages.ts';
import { userKeys } from './keys.ts';

/** DELETE /api/users/{uuid} (204). */
export const deleteUser = (uuid: string) => api.del(`/users/${uuid}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    meta: { errorAction: t.actions.delete, successMessage: t.deleted },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

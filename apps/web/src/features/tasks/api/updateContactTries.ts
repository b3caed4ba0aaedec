import type { ContactTryUpdate, TaskContactTry } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { tasksMessages as t } from '../messages.ts';
import { taskKeys } from './keys.ts';

export type ContactTryChange = { uuid: string; payload: ContactTryUpdate };

/** PUT /api/task_contact_tries/{uuid}. */
export const updateContactTry = ({ uuid, payload }: ContactTryChange) =>
  api.put<TaskContactTry>(`/task_contact_tries/${uuid}`, payload);

/** The attempts modal's 'Zapisz': one PUT per changed attempt, one after another, one notification. */
export async function updateContactTries(changes: readonly ContactTryChange[]): Promise<void> {
  for (const change of changes) await updateContactTry(change);
}

export function useUpdateContactTries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactTries,
    meta: { errorAction: t.updateTry, successMessage: t.triesUpdated },
    // Also after a partial failure: what was saved shows.
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
  });
}

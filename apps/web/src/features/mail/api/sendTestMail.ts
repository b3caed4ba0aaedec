import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { mailUiMessages as t } from '../messages.ts';

/** POST /api/mail/test (admin): a test message to the given address, or to the admin's own. */
export const sendTestMail = (to: string | null) =>
  api.post<{ message: string; to: string }>('/mail/test', { to: to || null });

export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestMail,
    onSuccess: (result) => {
      notifySuccess(result.message);
      return queryClient.invalidateQueries({ queryKey: ['mail'] });
    },
    onError: (error) => notifyError(t.sendTestAction, error),
  });
}

import type { MailStatus } from '@spedycja/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { mailUiMessages as t } from '../messages.ts';

/** GET /api/mail/status: whether mail goes out (SMTP) or is kept in the folder, and the queue. */
export const getMailStatus = () => api.get<MailStatus>('/mail/status');

export const mailStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['mail', 'status'],
    queryFn: getMailStatus,
    staleTime: 60_000,
    meta: { errorAction: t.loadStatusAction },
  });

export const useMailStatus = (enabled = true) => useQuery({ ...mailStatusQueryOptions(), enabled });

/** Whether messages only go to the folder (no mail server): nothing the app 'sends' is marked sent then. */
export const useMailIsOff = () => useMailStatus().data?.mode === 'file';

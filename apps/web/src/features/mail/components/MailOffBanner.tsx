import { Alert } from '@mantine/core';
import { useMailStatus } from '../api/getMailStatus.ts';
import { mailUiMessages as t } from '../messages.ts';

/** For admins, at the top of every page: no mail server is configured, so messages are only kept in the folder. */
export function MailOffBanner({ enabled }: { enabled: boolean }) {
  const status = useMailStatus(enabled);
  if (!enabled || status.data?.mode !== 'file') return null;
  return (
    <Alert color="orange" variant="light" mb="sm" title={t.offBanner} role="status">
      {t.offBannerHint}
    </Alert>
  );
}

import { Alert, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { useMailStatus } from '../api/getMailStatus.ts';
import { mailUiMessages as t } from '../messages.ts';

// The light alert's own text colour (the theme keeps it readable on the alert's background; indigo is not).
const LIGHT_ORANGE_TEXT = 'var(--mantine-color-orange-light-color)';

/**
 * For admins, at the top of every page: no mail server is configured, so messages are only kept in the folder. One
 * line, so the lists keep their rows at 1366×768: how to connect a server is in the tooltip of 'Więcej' and on the
 * settings page it leads to.
 */
export function MailOffBanner({ enabled, settingsPath }: { enabled: boolean; settingsPath: string }) {
  const status = useMailStatus(enabled);
  if (!enabled || status.data?.mode !== 'file') return null;
  return (
    <Alert color="orange" variant="light" mb="sm" py={6} role="status">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} c={LIGHT_ORANGE_TEXT} truncate>
          {t.offBanner}
        </Text>
        <Tooltip label={t.offBannerHint} events={{ hover: true, focus: true, touch: true }} multiline w={320}>
          <Anchor
            component={Link}
            to={settingsPath}
            size="sm"
            c={LIGHT_ORANGE_TEXT}
            underline="always"
            aria-description={t.offBannerHint}
          >
            {t.offBannerMore}
          </Anchor>
        </Tooltip>
      </Group>
    </Alert>
  );
}

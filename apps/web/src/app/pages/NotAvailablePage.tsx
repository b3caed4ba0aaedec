import { Alert, Stack, Title } from '@mantine/core';
import { appMessages } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** A section whose feature is not built yet: says so plainly rather than showing made-up data. */
export function NotAvailablePage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="blue" variant="light" title={appMessages.notAvailable}>
        {appMessages.notAvailableHint}
      </Alert>
    </Stack>
  );
}

import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { appMessages } from '../messages.ts';

/** Shown by the router when a page throws while rendering. */
export function RouteErrorPage() {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h3">
          {appMessages.unexpectedError}
        </Title>
        <Text c="dimmed">{appMessages.appName}</Text>
        <Button onClick={() => window.location.reload()}>{appMessages.reload}</Button>
      </Stack>
    </Center>
  );
}

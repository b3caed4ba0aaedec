import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { appMessages } from '../messages.ts';
import { paths } from '../paths.ts';
import { usePageTitle } from '../usePageTitle.ts';

export function NotFoundPage() {
  usePageTitle(appMessages.notFoundTitle);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1} size="h2">
          {appMessages.notFoundTitle}
        </Title>
        <Text>{appMessages.notFound}</Text>
        <Anchor component={Link} to={paths.queries}>
          {appMessages.backHome}
        </Anchor>
      </Stack>
    </Center>
  );
}

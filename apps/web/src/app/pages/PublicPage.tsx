import { Anchor, Center, Paper } from '@mantine/core';
import { Link } from 'react-router';
import { appMessages } from '../messages.ts';
import { paths } from '../paths.ts';
import { NotAvailablePage } from './NotAvailablePage.tsx';

/** The public pages (/ and /verify) outside the staff layout; not built yet. */
export function PublicPage({ title }: { title: string }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Paper withBorder p="xl" radius="md" w={640} maw="100%">
        <NotAvailablePage title={title} />
        <Anchor component={Link} to={paths.login} mt="md" display="inline-block">
          {appMessages.goToLogin}
        </Anchor>
      </Paper>
    </Center>
  );
}

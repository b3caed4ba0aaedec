import { Anchor, Box, Container, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicQueriesPage, publicMessages, VerifyOfferPage } from '../../features/publicOffers/index.ts';
import { DataProviders } from '../baseProviders.tsx';
import { appMessages, pageTitles } from '../messages.ts';
import { paths } from '../paths.ts';
import { usePageTitle } from '../usePageTitle.ts';

/**
 * The public pages (/ and /verify): outside the staff layout, no login needed. They are their own small entry
 * (public.html, src/publicMain.tsx) without the router: links here are plain links.
 */
function PublicLayout({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <DataProviders>
      <Box mih="100vh" bg="var(--mantine-color-gray-0)">
        <Paper component="header" radius={0} shadow="xs" py="sm">
          <Container size="lg">
            <Group justify="space-between">
              <Anchor href={paths.home} fw={700} c="indigo.7" underline="never">
                {appMessages.appName}
              </Anchor>
              <Anchor href={paths.login} size="sm">
                {publicMessages.login}
              </Anchor>
            </Group>
          </Container>
        </Paper>
        <Container component="main" size="lg" py="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {intro && (
            <Text c="dimmed" mt={4} mb="md">
              {intro}
            </Text>
          )}
          <Box mt={intro ? 0 : 'md'}>{children}</Box>
        </Container>
      </Box>
    </DataProviders>
  );
}

export function PublicHomeRoute() {
  usePageTitle(pageTitles.home);
  return (
    <PublicLayout title={pageTitles.home} intro={publicMessages.intro}>
      <PublicQueriesPage />
    </PublicLayout>
  );
}

export function VerifyRoute() {
  usePageTitle(pageTitles.verify);
  const token = new URLSearchParams(window.location.search).get('token');
  return (
    <PublicLayout title={pageTitles.verify}>
      <Paper withBorder p="lg" radius="md" maw={640}>
        <VerifyOfferPage token={token} />
        <Anchor href={paths.home} mt="md" display="inline-block">
          {publicMessages.backToQueries}
        </Anchor>
      </Paper>
    </PublicLayout>
  );
}

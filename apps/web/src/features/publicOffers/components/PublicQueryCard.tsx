import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  EMPTY_VALUE,
  formatDate,
  formatMeasure,
  formatSize,
  type LoadingType,
  loadingTypeLabels,
  type PublicQuery,
} from '@spedycja/domain';
import type { ReactNode } from 'react';
import { publicMessages as t } from '../messages.ts';
import { publicPlace, publicRoute } from './publicQueryText.ts';

const day = (iso: string | null) => formatDate(iso ? iso.slice(0, 10) : null);

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** One open query as a carrier sees it: the route, dates, cargo, dimensions, loading type, distance. */
export function PublicQueryCard({
  query,
  onPlaceOffer,
}: {
  query: PublicQuery;
  onPlaceOffer: (q: PublicQuery) => void;
}) {
  const route = publicRoute(query);
  const size = formatSize(query.cargoLength, query.cargoWidth, query.cargoHeight);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t.queryLabel(query.id)}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Title order={2} size="h4">
          {route}
        </Title>
        <Text size="sm" c="dimmed">
          #{query.id}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="xs">
        <Detail label={t.card.loading}>
          {publicPlace(query, 'loading')}
          <br />
          {day(query.loadingDate)}
        </Detail>
        <Detail label={t.card.unloading}>
          {publicPlace(query, 'unloading')}
          <br />
          {day(query.unloadingDate)}
        </Detail>
        <Detail label={t.card.cargo}>
          {query.cargo || EMPTY_VALUE}
          <br />
          {size ?? EMPTY_VALUE}
          {query.cargoWeight !== null && `, ${formatMeasure(query.cargoWeight, 't')}`}
        </Detail>
        <Detail label={`${t.card.loadingType} / ${t.card.distance}`}>
          {loadingTypeLabels[query.loadingType as LoadingType] ?? query.loadingType}
          <br />
          {query.distance === null ? EMPTY_VALUE : `${query.distance} km`}
        </Detail>
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button onClick={() => onPlaceOffer(query)} aria-label={t.placeOfferFor(route)}>
          {t.placeOffer}
        </Button>
      </Group>
    </Card>
  );
}

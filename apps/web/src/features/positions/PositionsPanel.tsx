import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { formatDateTime, type Order } from '@spedycja/domain';
import { lazy, Suspense, useMemo } from 'react';
import { useOrderPositions } from './api.ts';
import { EtaMark } from './EtaMark.tsx';
import { positionsTexts as t } from './messages.ts';
import type { MapStop } from './OrderMap.tsx';

/** Leaflet in a chunk of its own: loaded when the tab opens. */
const OrderMap = lazy(() => import('./OrderMap.tsx'));

/** The order modal's 'Pozycja i ETA' (issue 39): the map, the ETA and how it was computed. */
export function PositionsPanel({ order }: { order: Order }) {
  const data = useOrderPositions(order.uuid);
  const stops = useMemo(() => {
    const list: MapStop[] = [];
    if (order.loadingPlaceLatitude !== null && order.loadingPlaceLongitude !== null)
      list.push({
        kind: 'loading',
        lat: order.loadingPlaceLatitude,
        lon: order.loadingPlaceLongitude,
        label: `${t.loading}: ${order.loadingCity ?? ''}`,
      });
    if (order.unloadingPlaceLatitude !== null && order.unloadingPlaceLongitude !== null)
      list.push({
        kind: 'unloading',
        lat: order.unloadingPlaceLatitude,
        lon: order.unloadingPlaceLongitude,
        label: `${t.unloading}: ${order.unloadingCity ?? ''}`,
      });
    return list;
  }, [order]);
  if (data.isPending) return <Loader size="sm" />;
  if (!data.data) return null;
  const { positions, eta, basis, tilesUrl } = data.data;
  const last = positions.at(-1);
  return (
    <Stack gap="sm" data-testid="positions-panel">
      {eta && basis ? (
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>
              {t.etaAt} {t.stop[basis.stop]}: {formatDateTime(eta.at)}
            </Text>
            <EtaMark eta={eta} />
          </Group>
          {eta.status === 'opoznienie' && (
            <Text c="red.9" fw={600}>
              {t.late(eta.minutesLate)}
            </Text>
          )}
          <Text size="sm">
            {t.computed}: {t.method[basis.method]}; {t.basis(basis)}
          </Text>
          <Text size="sm" c="dimmed">
            {basis.windowEnd ? `${t.windowEnd}: ${formatDateTime(basis.windowEnd)} · ` : ''}
            {t.computedAt}: {formatDateTime(eta.computedAt)}
          </Text>
        </Stack>
      ) : (
        positions.length > 0 && <Text size="sm">{t.noEta}</Text>
      )}
      {last ? (
        <Text size="sm">
          {t.lastPosition}: {formatDateTime(last.at)} ({t.source[last.source]}
          {last.accuracy !== null ? `, ±${Math.round(last.accuracy)} m` : ''})
          {eta && t.isStale(eta.positionAge) ? ` — ${t.stale}` : ''}
        </Text>
      ) : (
        <Alert color="gray">{t.noPositions}</Alert>
      )}
      {!tilesUrl && (
        <Text size="xs" c="dimmed">
          {t.noTiles}
        </Text>
      )}
      <Suspense fallback={<Loader size="sm" />}>
        <OrderMap stops={stops} positions={positions} tilesUrl={tilesUrl} />
      </Suspense>
    </Stack>
  );
}

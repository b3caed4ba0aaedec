import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CarrierRecord, EMPTY_VALUE, formatInstant } from '@spedycja/domain';
import { lazy, Suspense } from 'react';
import { useCarrierRecord } from '../api/getCarrierRecord.ts';
import { carriersMessages as t } from '../messages.ts';
import { formatRating } from './RecordMark.tsx';

const CarrierRecordChart = lazy(() => import('./CarrierRecordChart.tsx'));

const pct = (value: number | null) => (value === null ? EMPTY_VALUE : `${value} %`);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function Figures({ record }: { record: CarrierRecord }) {
  const r = t.record;
  const rating = formatRating(record.rating);
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Figure label={r.rating} value={rating ? `★ ${rating} (${r.ratingsCount(record.ratings)})` : EMPTY_VALUE} />
      <Figure label={r.onTime} value={pct(record.onTimeRate)} />
      <Figure label={r.loadingOnTime} value={pct(record.loadingOnTimeRate)} />
      <Figure label={r.unloadingOnTime} value={pct(record.unloadingOnTimeRate)} />
      <Figure
        label={r.accept}
        value={record.medianAcceptMinutes === null ? EMPTY_VALUE : r.minutes(record.medianAcceptMinutes)}
      />
      <Figure label={r.cmr} value={record.medianCmrDays === null ? EMPTY_VALUE : r.days(record.medianCmrDays)} />
      <Figure
        label={r.invoice}
        value={record.medianInvoiceDays === null ? EMPTY_VALUE : r.days(record.medianInvoiceDays)}
      />
      <Figure label={r.offers} value={`${record.offersMade} / ${record.offersWon}`} />
      <Figure label={r.carried} value={String(record.ordersCarried)} />
      <Figure label={r.positions} value={pct(record.positionsSharedRate)} />
    </SimpleGrid>
  );
}

/** Issue 39: the carrier's record in its modal — the figures, the 12-month chart and the last ratings. */
export function CarrierRecordPanel({ uuid }: { uuid: string }) {
  const record = useCarrierRecord(uuid);
  const data = record.data;
  return (
    <Paper withBorder p="sm" radius="md" mt="md" data-testid="carrier-record">
      <Text fw={600} mb="xs">
        {t.record.title}
      </Text>
      {!data ? (
        record.isLoading && <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          <Figures record={data} />
          {data.months.some((m) => m.ordersCarried > 0 || m.onTimeRate !== null) && (
            <Suspense fallback={<Loader size="sm" />}>
              <figure aria-label={t.record.chart} data-testid="carrier-record-chart" style={{ margin: 0 }}>
                <CarrierRecordChart months={data.months} />
              </figure>
            </Suspense>
          )}
          <Text size="sm" fw={600}>
            {t.record.lastRatings}
          </Text>
          {data.lastRatings.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.record.noRatings}
            </Text>
          ) : (
            <Stack gap={4} data-testid="carrier-last-ratings">
              {data.lastRatings.map((rating) => (
                <Group key={rating.uuid} gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>{`★ ${rating.score}`}</Text>
                  <Text size="sm">{t.record.order(rating.order.number)}</Text>
                  <Text size="sm" c="dimmed">
                    {`${rating.author?.name ?? EMPTY_VALUE}, ${formatInstant(rating.createdAt)}`}
                  </Text>
                  {rating.tags.map((tag) => (
                    <Badge key={tag} size="xs" variant="light">
                      {tag}
                    </Badge>
                  ))}
                  {rating.comment && (
                    <Text size="sm" fs="italic">
                      {rating.comment}
                    </Text>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Paper>
  );
}

import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney, formatPercent, type Stats } from '@spedycja/domain';
import { statsPageMessages as t } from '../messages.ts';

function Card({ label, value, hint, id }: { label: string; value: string; hint?: string; id: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`stats-card-${id}`} aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

/** The range's figures, as the API gives them (PLN hundredths, rates in hundredths of a percent). */
export function StatsCards({ stats }: { stats: Stats }) {
  const c = t.cards;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
      <Card id="queries" label={c.queries} value={String(stats.queries)} />
      <Card id="orders" label={c.orders} value={String(stats.orders)} />
      <Card
        id="conversion"
        label={c.conversion}
        value={formatPercent(stats.conversionRate)}
        hint={t.conversionHint(stats.conversions, stats.queries)}
      />
      <Card id="revenue" label={c.revenue} value={formatMoney(stats.revenue, 'pln')} />
      <Card id="cost" label={c.cost} value={formatMoney(stats.cost, 'pln')} />
      <Card id="margin" label={c.margin} value={formatMoney(stats.margin, 'pln')} />
      <Card id="marginPercent" label={c.marginPercent} value={formatPercent(stats.marginPercent)} />
    </SimpleGrid>
  );
}

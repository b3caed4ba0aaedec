import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatDecimal, type Stats } from '@spedycja/domain';
import { statsPageMessages as t } from '../messages.ts';

const MONTHS = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const zl = (value: number) => `${formatDecimal(Math.round(value * 100))} zł`;
/** Axis ticks stay short: '12 tys.' rather than '12 000,00 zł'. */
const tick = (value: number) => (Math.abs(value) >= 1000 ? `${Math.round(value / 1000)} tys.` : String(value));

/** Revenue, cost and margin per month (złoty), and the conversion per month (%). Loaded with the /stats page only. */
export function StatsCharts({ stats }: { stats: Stats }) {
  const money = stats.byMonth.map((m) => ({
    month: monthLabel(m.month),
    [t.series.revenue]: m.revenue / 100,
    [t.series.cost]: m.cost / 100,
    [t.series.margin]: m.margin / 100,
  }));
  const conversion = stats.byMonth.map((m) => ({
    month: monthLabel(m.month),
    [t.series.conversion]: m.queries > 0 ? Math.round((m.conversions * 10000) / m.queries) / 100 : 0,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Paper withBorder p="sm" radius="md" data-testid="stats-revenue-chart">
        <Text fw={600} mb="xs">
          {t.revenueChart}
        </Text>
        <BarChart
          h={240}
          data={money}
          dataKey="month"
          valueFormatter={zl}
          yAxisProps={{ tickFormatter: tick, width: 60 }}
          withLegend
          series={[
            { name: t.series.revenue, color: 'blue.6' },
            { name: t.series.cost, color: 'gray.5' },
            { name: t.series.margin, color: 'teal.6' },
          ]}
        />
      </Paper>
      <Paper withBorder p="sm" radius="md" data-testid="stats-conversion-chart">
        <Text fw={600} mb="xs">
          {t.conversionChart}
        </Text>
        <LineChart
          h={240}
          data={conversion}
          dataKey="month"
          valueFormatter={(v) => `${formatDecimal(Math.round(v * 100))} %`}
          series={[{ name: t.series.conversion, color: 'indigo.6' }]}
        />
      </Paper>
    </SimpleGrid>
  );
}

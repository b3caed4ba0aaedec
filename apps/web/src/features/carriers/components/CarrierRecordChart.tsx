import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { CarrierRecordMonth } from '@spedycja/domain';
import { carriersMessages as t } from '../messages.ts';

const MONTHS = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;
const PERCENT_TICKS = [0, 25, 50, 75, 100];

/**
 * The 12 months of the carrier's record: the orders carried on the left axis (whole orders) and the on-time % on a
 * right axis of its own, 0–100 %: on one axis, 3 orders and 100 % made the orders' bars flat and the % unreadable.
 * The stats page's chart library (@mantine/charts), loaded with the carrier's modal only when it has a record to draw.
 */
export default function CarrierRecordChart({ months }: { months: CarrierRecordMonth[] }) {
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    [t.record.chartCarried]: m.ordersCarried,
    [t.record.chartOnTime]: m.onTimeRate ?? 0,
  }));
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="month"
      withLegend
      // Room for the axes' titles, drawn 5 px outside their axes: Mantine's margins cut them at the edges.
      barChartProps={{ margin: { left: 20, right: 20 } }}
      yAxisLabel={t.record.chartCarried}
      yAxisProps={{ allowDecimals: false }}
      withRightYAxis
      rightYAxisLabel={t.record.chartOnTime}
      rightYAxisProps={{ domain: [0, 100], ticks: PERCENT_TICKS, tickFormatter: t.record.percentTick }}
      series={[
        { name: t.record.chartCarried, color: 'blue.6' },
        { name: t.record.chartOnTime, color: 'teal.6', yAxisId: 'right' },
      ]}
    />
  );
}

import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import type { CarrierRecordMonth } from '@spedycja/domain';
import { carriersMessages as t } from '../messages.ts';

const MONTHS = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];
const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(2, 4)}`;

/**
 * The 12 months of the carrier's record: the orders carried and the on-time % of each. The stats page's chart library
 * (@mantine/charts), loaded with the carrier's modal only when it has a record to draw.
 */
export default function CarrierRecordChart({ months }: { months: CarrierRecordMonth[] }) {
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    [t.record.chartCarried]: m.ordersCarried,
    [t.record.chartOnTime]: m.onTimeRate ?? 0,
  }));
  return (
    <BarChart
      h={180}
      data={data}
      dataKey="month"
      withLegend
      series={[
        { name: t.record.chartCarried, color: 'blue.6' },
        { name: t.record.chartOnTime, color: 'teal.6' },
      ]}
    />
  );
}

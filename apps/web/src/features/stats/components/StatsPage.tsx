import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { DateRangeInput } from '../../../components/dates.tsx';
import { useStats } from '../api/stats.ts';
import { statsPageMessages as t } from '../messages.ts';
import { type DayRange, presetRange, RANGE_PRESETS } from '../ranges.ts';
import { PaymentsCockpit } from './PaymentsCockpit.tsx';
import { StatsByUser } from './StatsByUser.tsx';
import { StatsCards } from './StatsCards.tsx';
import { StatsCharts } from './StatsCharts.tsx';

/** /stats (admins): a date range with presets, the figures, two charts, the table per owner and the payments cockpit. */
export function StatsPage() {
  const [range, setRange] = useState<DayRange>(() => presetRange('thisYear'));
  const [picked, setPicked] = useState<[string | null, string | null]>(range);
  const stats = useStats(range[0], range[1]);

  const choose = (next: DayRange) => {
    setRange(next);
    setPicked(next);
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Group align="flex-end" gap="xs">
        <DateRangeInput
          label={t.range}
          w={260}
          clearable={false}
          value={picked}
          presets={RANGE_PRESETS.map((preset) => ({ value: presetRange(preset), label: t.presets[preset] }))}
          onChange={(value) => {
            const [from, to] = value as [string | null, string | null];
            setPicked([from, to]);
            // A range with both ends asks again; half a range waits for its end.
            if (from && to) setRange([from, to]);
          }}
        />
        {RANGE_PRESETS.map((preset) => (
          <Button key={preset} variant="default" size="sm" onClick={() => choose(presetRange(preset))}>
            {t.presets[preset]}
          </Button>
        ))}
        {stats.isFetching && <Loader size="sm" />}
      </Group>
      {stats.isError && <Alert color="red">{t.load}</Alert>}
      {stats.data && (
        <>
          <StatsCards stats={stats.data} />
          <StatsCharts stats={stats.data} />
          <Title order={2} size="h3">
            {t.byUser}
          </Title>
          <StatsByUser rows={stats.data.byUser} />
        </>
      )}
      <PaymentsCockpit />
    </Stack>
  );
}

import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type Cashflow, formatDate, formatMoney } from '@spedycja/domain';
import { saveFile } from '../../lib/download.ts';
import { useCashflow } from './api.ts';
import { payablesUiMessages as t } from './messages.ts';

const WEEKS = 8;

/** The table as CSV (semicolons, a decimal comma, as the office's spreadsheet reads it). */
function exportCsv(flow: Cashflow) {
  const amount = (n: number) => (n / 100).toFixed(2).replace('.', ',');
  const lines = [
    [t.week, t.inflow, t.outflow, t.difference].join(';'),
    ...flow.weeks.map((w) =>
      [`${formatDate(w.from)}–${formatDate(w.to)}`, amount(w.inflow), amount(w.outflow), amount(w.difference)].join(
        ';',
      ),
    ),
    [t.overdueInflow, amount(flow.overdueInflow), '', ''].join(';'),
    [t.overdueOutflow, '', amount(flow.overdueOutflow), ''].join(';'),
    [t.waitingForDocuments, '', amount(flow.waitingForDocuments), ''].join(';'),
  ];
  saveFile(
    new Blob([`\ufeff${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }),
    `przeplywy-${flow.currency}.csv`,
  );
}

/** /cashflow ('Przepływy', admins): 8 weeks ahead — what comes in, what goes out, the difference — per currency. */
export function CashflowPage() {
  const flow = useCashflow(WEEKS);
  const currencies = flow.data?.['hydra:member'] ?? [];
  return (
    <Stack gap="lg">
      <Title order={2}>{t.cashflowTitle}</Title>
      {currencies.map((c) => (
        <Stack key={c.currency} gap="sm">
          <Group justify="space-between">
            <Title order={3}>{c.currency.toUpperCase()}</Title>
            <Button variant="light" onClick={() => exportCsv(c)}>
              {t.exportCsv}
            </Button>
          </Group>
          <Group gap="xl">
            <Text size="sm">
              {t.overdueInflow}: <b>{formatMoney(c.overdueInflow, c.currency)}</b>
            </Text>
            <Text size="sm">
              {t.overdueOutflow}: <b>{formatMoney(c.overdueOutflow, c.currency)}</b>
            </Text>
            <Text size="sm">
              {t.waitingForDocuments}: <b>{formatMoney(c.waitingForDocuments, c.currency)}</b>
            </Text>
          </Group>
          <BarChart
            h={260}
            data={c.weeks.map((w) => ({
              week: formatDate(w.from),
              [t.inflow]: w.inflow / 100,
              [t.outflow]: w.outflow / 100,
              [t.difference]: w.difference / 100,
            }))}
            dataKey="week"
            series={[
              { name: t.inflow, color: 'teal.6' },
              { name: t.outflow, color: 'red.6' },
              { name: t.difference, color: 'blue.6' },
            ]}
            valueFormatter={(v) => formatMoney(Math.round(v * 100), c.currency)}
          />
          <Table aria-label={`${t.cashflowLabel} ${c.currency.toUpperCase()}`} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.week}</Table.Th>
                <Table.Th>{t.inflow}</Table.Th>
                <Table.Th>{t.outflow}</Table.Th>
                <Table.Th>{t.difference}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.weeks.map((w) => (
                <Table.Tr key={w.from}>
                  <Table.Td>{`${formatDate(w.from)}–${formatDate(w.to)}`}</Table.Td>
                  <Table.Td>{formatMoney(w.inflow, c.currency)}</Table.Td>
                  <Table.Td>{formatMoney(w.outflow, c.currency)}</Table.Td>
                  <Table.Td>{formatMoney(w.difference, c.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}

import { Table, UnstyledButton } from '@mantine/core';
import { formatMoney, formatPercent, type Stats } from '@spedycja/domain';
import { useMemo, useState } from 'react';
import { statsPageMessages as t } from '../messages.ts';

type Row = Stats['byUser'][number];
type Key = 'user' | 'queries' | 'orders' | 'conversion' | 'revenue' | 'cost' | 'margin';

const conversionOf = (r: Row) => (r.queries > 0 ? Math.round((r.conversions * 10000) / r.queries) : null);
const sortValue = (r: Row, key: Key): number | string =>
  key === 'user' ? (r.user?.name ?? '') : key === 'conversion' ? (conversionOf(r) ?? -1) : r[key];

/** The figures per owner, sortable by any column (the rows are the API's few aggregates). */
export function StatsByUser({ rows }: { rows: Stats['byUser'] }) {
  const [sort, setSort] = useState<{ key: Key; desc: boolean }>({ key: 'revenue', desc: true });
  const sorted = useMemo(() => {
    const list = [...rows];
    list.sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      const order = typeof x === 'string' ? x.localeCompare(String(y), 'pl') : x - (y as number);
      return sort.desc ? -order : order;
    });
    return list;
  }, [rows, sort]);
  const header = (key: Key) => {
    const active = sort.key === key;
    return (
      <Table.Th aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined}>
        <UnstyledButton fw={600} fz="sm" onClick={() => setSort({ key, desc: active ? !sort.desc : key !== 'user' })}>
          {t.columns[key]}
          {active ? (sort.desc ? ' ↓' : ' ↑') : ''}
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label={t.byUserLabel} striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {header('user')}
            {header('queries')}
            {header('orders')}
            {header('conversion')}
            {header('revenue')}
            {header('cost')}
            {header('margin')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((r) => (
            <Table.Tr key={r.user?.uuid ?? 'none'}>
              <Table.Td>{r.user?.name ?? t.noOwner}</Table.Td>
              <Table.Td>{r.queries}</Table.Td>
              <Table.Td>{r.orders}</Table.Td>
              <Table.Td>{formatPercent(conversionOf(r))}</Table.Td>
              <Table.Td>{formatMoney(r.revenue, 'pln')}</Table.Td>
              <Table.Td>{formatMoney(r.cost, 'pln')}</Table.Td>
              <Table.Td>{formatMoney(r.margin, 'pln')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Button, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Issue 38: the one table of the payments ledger, for both sides (receipts on our invoices, payments to carriers). A
 * feature gives its column definitions; the table adds the state column: a cancelled payment with its reason, or the
 * action that cancels it.
 */
export type LedgerRow = {
  uuid: string;
  cancelledAt: string | null;
  cancelReason: string | null;
};

export type PaymentColumn<T> = { id: string; header: ReactNode; cell: (row: T) => ReactNode };

export function PaymentsTable<T extends LedgerRow>({
  rows,
  columns,
  label,
  emptyText,
  stateHeader,
  cancelledText,
  cancelLabel,
  onCancel,
}: {
  rows: readonly T[];
  columns: readonly PaymentColumn<T>[];
  label: string;
  emptyText: string;
  stateHeader: string;
  cancelledText: (reason: string) => string;
  cancelLabel?: string;
  /** Without it the table only reads (a dispatcher, a locked document). */
  onCancel?: (row: T) => void;
}) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.id}>{c.header}</Table.Th>
          ))}
          <Table.Th>{stateHeader}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.uuid}>
            {columns.map((c) => (
              <Table.Td key={c.id}>{c.cell(row)}</Table.Td>
            ))}
            <Table.Td>
              {row.cancelledAt ? (
                <Badge color="gray" variant="light" size="sm">
                  {cancelledText(row.cancelReason ?? '')}
                </Badge>
              ) : onCancel ? (
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => onCancel(row)}>
                  {cancelLabel}
                </Button>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

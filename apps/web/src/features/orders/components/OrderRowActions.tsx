import { Group, Menu } from '@mantine/core';
import type { Order, OrderParty } from '@spedycja/domain';
import type { ReactNode } from 'react';
import {
  IconArrowsExchange,
  IconDots,
  IconDownload,
  IconRestore,
  IconSend,
  IconTrash,
} from '../../../components/icons.tsx';
import { EditAction, RowAction, RowActionMenu } from '../../../components/RowAction.tsx';
import type { OrderDocumentFormat } from '../api/downloadOrder.ts';
import { ordersMessages as t } from '../messages.ts';

/**
 * What other features add to each row: `icons` beside sending (the confirmations, whose colour tells the state at a
 * glance), `menuItems` (Mantine `Menu.Item`s: the order's tasks, the invoices) in 'Więcej akcji'.
 */
export type OrderRowExtras = { icons?: ReactNode; menuItems?: ReactNode };
export type OrderRowExtraActions = (order: Order) => OrderRowExtras;

export type OrderRowActionsProps = {
  order: Order;
  onToQuery: (order: Order) => void;
  onDownload: (order: Order, format: OrderDocumentFormat, party: OrderParty) => void;
  onSend: (order: Order, parties: readonly OrderParty[]) => void;
  onEdit: (order: Order) => void;
  onDelete: (order: Order) => void;
  extra?: OrderRowExtraActions;
  /** A download or a send of this row is under way. */
  busy?: boolean;
};

const a = t.rowActions;

/** The order's documents: PDF and Word, for the customer and for the carrier. */
const DOWNLOADS: readonly [OrderDocumentFormat, OrderParty, string][] = [
  ['pdf', 'customer', a.pdfCustomer],
  ['pdf', 'carrier', a.pdfCarrier],
  ['word', 'customer', a.wordCustomer],
  ['word', 'carrier', a.wordCarrier],
];

/**
 * Four buttons, so that every column of SPEC §2 fits a 1920 px screen: (the extras' icons), the send menu, edit, and
 * 'Więcej akcji' with the downloads, the extras' items, 'Zamień w zapytanie' and delete.
 */
export function OrderRowActions({
  order,
  onToQuery,
  onDownload,
  onSend,
  onEdit,
  onDelete,
  extra,
  busy,
}: OrderRowActionsProps) {
  const extras = extra?.(order) ?? {};
  return (
    <Group gap={2} wrap="nowrap">
      {extras.icons}
      <RowActionMenu label={a.send} icon={<IconSend />} busy={busy}>
        <Menu.Item onClick={() => onSend(order, ['customer', 'carrier'])}>{a.sendBoth}</Menu.Item>
        <Menu.Item onClick={() => onSend(order, ['customer'])}>{a.sendCustomer}</Menu.Item>
        <Menu.Item onClick={() => onSend(order, ['carrier'])}>{a.sendCarrier}</Menu.Item>
      </RowActionMenu>
      <EditAction label={a.edit} onClick={() => onEdit(order)} />
      <RowActionMenu label={a.more} icon={<IconDots />} busy={busy}>
        <Menu.Label>{a.download}</Menu.Label>
        {DOWNLOADS.map(([format, party, label]) => (
          <Menu.Item
            key={label}
            leftSection={<IconDownload size={16} />}
            onClick={() => onDownload(order, format, party)}
          >
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {extras.menuItems}
        <Menu.Item leftSection={<IconArrowsExchange size={16} />} onClick={() => onToQuery(order)}>
          {a.toQuery}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(order)}>
          {a.delete}
        </Menu.Item>
      </RowActionMenu>
    </Group>
  );
}

/** The deleted view's only action. */
export function RestoreAction({ order, onRestore }: { order: Order; onRestore: (order: Order) => void }) {
  return (
    <RowAction label={a.restore} onClick={() => onRestore(order)}>
      <IconRestore />
    </RowAction>
  );
}

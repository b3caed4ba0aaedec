import { Group, Menu } from '@mantine/core';
import type { Order, OrderParty } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { IconArrowsExchange, IconDownload, IconRestore, IconSend } from '../../../components/icons.tsx';
import { DeleteAction, EditAction, RowAction, RowActionMenu } from '../../../components/RowAction.tsx';
import type { OrderDocumentFormat } from '../api/downloadOrder.ts';
import { ordersMessages as t } from '../messages.ts';

/** Actions other features add to each row (the tasks of an order), between the downloads and sending. */
export type OrderRowExtraActions = (order: Order) => ReactNode;

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

/** 'Zamień w zapytanie', the download menu, (extra), the send menu, edit and delete. */
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
  return (
    <Group gap={2} wrap="nowrap">
      <RowAction label={a.toQuery} onClick={() => onToQuery(order)}>
        <IconArrowsExchange />
      </RowAction>
      <RowActionMenu label={a.download} icon={<IconDownload />} busy={busy}>
        <Menu.Label>{a.pdf}</Menu.Label>
        <Menu.Item onClick={() => onDownload(order, 'pdf', 'customer')}>{a.pdfCustomer}</Menu.Item>
        <Menu.Item onClick={() => onDownload(order, 'pdf', 'carrier')}>{a.pdfCarrier}</Menu.Item>
        <Menu.Label>{a.word}</Menu.Label>
        <Menu.Item onClick={() => onDownload(order, 'word', 'customer')}>{a.wordCustomer}</Menu.Item>
        <Menu.Item onClick={() => onDownload(order, 'word', 'carrier')}>{a.wordCarrier}</Menu.Item>
      </RowActionMenu>
      {extra?.(order)}
      <RowActionMenu label={a.send} icon={<IconSend />} busy={busy}>
        <Menu.Item onClick={() => onSend(order, ['customer', 'carrier'])}>{a.sendBoth}</Menu.Item>
        <Menu.Item onClick={() => onSend(order, ['customer'])}>{a.sendCustomer}</Menu.Item>
        <Menu.Item onClick={() => onSend(order, ['carrier'])}>{a.sendCarrier}</Menu.Item>
      </RowActionMenu>
      <EditAction label={a.edit} onClick={() => onEdit(order)} />
      <DeleteAction label={a.delete} onClick={() => onDelete(order)} />
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

import { Stack } from '@mantine/core';
import { DEBOUNCE_MS, type Order, type OrderParty } from '@spedycja/domain';
import { useCallback, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { sortToParams } from '../../../components/DataTable/paging.ts';
import { useListState } from '../../../components/DataTable/useListState.ts';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import { ListPageHeader } from '../../../components/ListPageHeader.tsx';
import { ReasonPrompt } from '../../../components/ReasonPrompt.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { ImportButton } from '../../imports/ImportButton.tsx';
import { useUserOptions } from '../../users/index.ts';
import { useConvertOrderToQuery } from '../api/convertOrderToQuery.ts';
import { type OrderDocumentFormat, useDownloadOrder } from '../api/downloadOrder.ts';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/getOrders.ts';
import { useRemoveOrder } from '../api/removeOrder.ts';
import { useRestoreOrder } from '../api/restoreOrder.ts';
import { sendToParties, useSendOrder } from '../api/sendOrder.ts';
import { useUpdateOrder } from '../api/updateOrder.ts';
import { ordersMessages as t } from '../messages.ts';
import { OrderModal } from './OrderModal.tsx';
import { OrderRowActions, type OrderRowExtraActions, RestoreAction } from './OrderRowActions.tsx';
import { ORDER_COLUMNS_HIDDEN_BY_DEFAULT, orderColumns } from './orderColumns.tsx';
import { orderFilterDefs } from './orderFilters.tsx';
import { SendOrderDialog } from './SendOrderDialog.tsx';

export type OrdersPageProps = {
  /** The admin view of deleted orders: `deletionReason[gt]=0`, restore instead of the other actions. */
  deleted?: boolean;
  /** Row actions of other features (the tasks of an order). */
  extraRowActions?: OrderRowExtraActions;
};

/** /orders and /admin/deleted/orders: filters, 8 rows a page, inline editing, documents, sending, modals. */
export function OrdersPage({ deleted = false, extraRowActions }: OrdersPageProps) {
  const filters = useMemo(() => orderFilterDefs(deleted), [deleted]);
  const { filterValues, filterParams, sort, page, setFilters, setSort, setPage } = useListState(filters);
  const [modal, setModal] = useState<{ opened: boolean; uuid: string | null }>({ opened: false, uuid: null });
  const [toDelete, setToDelete] = useState<Order | null>(null);
  const [toQuery, setToQuery] = useState<Order | null>(null);
  const [toSend, setToSend] = useState<{ order: Order; parties: readonly OrderParty[] } | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const params = useMemo(
    () => ({
      ...filterParams,
      ...sortToParams(sort),
      ...(deleted ? { 'deletionReason[gt]': 0 } : {}),
      page,
      itemsPerPage: ORDERS_PAGE_SIZE,
    }),
    [filterParams, sort, deleted, page],
  );
  const list = useOrders(params);
  const rows = list.data?.['hydra:member'] ?? [];
  const total = list.data?.['hydra:totalItems'];

  const owners = useUserOptions(!deleted);
  const { user } = useAuth();
  const updateOrder = useUpdateOrder();
  const removeOrder = useRemoveOrder();
  const restoreOrder = useRestoreOrder();
  const convertToQuery = useConvertOrderToQuery();
  const sendOrder = useSendOrder();
  const downloadOrder = useDownloadOrder();

  const closeModal = useCallback(() => setModal((m) => ({ ...m, opened: false })), []);
  /** The last row of a page gone: step back rather than show an empty page. */
  const afterRowGone = () => {
    if (rows.length === 1 && page > 1) setPage(page - 1);
  };

  const withBusy = useCallback(async (uuid: string, work: () => Promise<unknown>) => {
    setBusy((current) => new Set(current).add(uuid));
    try {
      await work();
    } catch {
      // Notified by the mutation.
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(uuid);
        return next;
      });
    }
  }, []);

  const handleSave = useCallback(
    (order: Order, patch: Record<string, unknown>) => updateOrder.mutateAsync({ uuid: order.uuid, payload: patch }),
    [updateOrder.mutateAsync],
  );
  const handleDownload = useCallback(
    (order: Order, format: OrderDocumentFormat, party: OrderParty) =>
      void withBusy(order.uuid, () =>
        downloadOrder.mutateAsync({ uuid: order.uuid, number: order.number, format, party }),
      ),
    [withBusy, downloadOrder.mutateAsync],
  );
  /** Sending asks first (to whom, what, sent before?); the dialog then sends to the parties that have an e-mail. */
  const handleSend = useCallback((order: Order, parties: readonly OrderParty[]) => setToSend({ order, parties }), []);
  const confirmSend = async (order: Order, parties: OrderParty[]) => {
    setToSend(null);
    await withBusy(order.uuid, () => sendToParties(sendOrder.mutateAsync, order.uuid, parties));
  };

  const handleDelete = async (reason: number) => {
    if (!toDelete) return;
    await removeOrder.mutateAsync({ uuid: toDelete.uuid, reason });
    setToDelete(null);
    afterRowGone();
  };
  const handleToQuery = async () => {
    if (!toQuery) return;
    try {
      await convertToQuery.mutateAsync(toQuery.uuid);
      afterRowGone();
    } finally {
      setToQuery(null);
    }
  };

  const columns = useMemo(
    () =>
      orderColumns({
        deleted,
        onSave: handleSave,
        ownerOptions: owners.data ?? [],
        onShowInCalendar: (order) => void handleSave(order, { showInCalendar: true }).catch(() => undefined),
        renderActions: (o) =>
          deleted ? (
            <RestoreAction order={o} onRestore={(order) => restoreOrder.mutate(order.uuid)} />
          ) : (
            <OrderRowActions
              order={o}
              onToQuery={setToQuery}
              onDownload={handleDownload}
              onSend={handleSend}
              onEdit={(order) => setModal({ opened: true, uuid: order.uuid })}
              onDelete={setToDelete}
              extra={extraRowActions}
              busy={busy.has(o.uuid)}
            />
          ),
      }),
    [deleted, handleSave, owners.data, restoreOrder.mutate, handleDownload, handleSend, extraRowActions, busy],
  );

  return (
    <Stack gap="sm">
      <ListPageHeader
        title={deleted ? t.deletedTitle : t.title}
        found={total === undefined ? undefined : t.found(total)}
        addLabel={t.add}
        actions={<ImportButton kind="orders" to="/orders/import" />}
        onAdd={deleted ? undefined : () => setModal({ opened: true, uuid: null })}
      />
      <FilterRow
        filters={filters}
        onApply={setFilters}
        initialValues={filterValues}
        debounceMs={DEBOUNCE_MS.orderFilters}
        collapseKey="orders"
      />
      <DataTable
        mode="pages"
        label={deleted ? t.deletedTableLabel : t.tableLabel}
        exportable={{ path: '/orders', params }}
        columns={columns}
        rows={rows}
        rowKey={(o) => o.uuid}
        rowProps={(o) => ({ 'aria-label': t.rowLabel(o.number) })}
        loading={list.isFetching}
        sort={sort}
        onSortChange={setSort}
        columnChooser={{
          storageKey: `orders:${user?.uuid ?? ''}`,
          defaultHidden: ORDER_COLUMNS_HIDDEN_BY_DEFAULT,
        }}
        page={page}
        pageSize={ORDERS_PAGE_SIZE}
        totalItems={total ?? 0}
        onPageChange={setPage}
      />
      {!deleted && (
        <>
          <OrderModal opened={modal.opened} orderUuid={modal.uuid} onClose={closeModal} />
          <ReasonPrompt
            opened={toDelete !== null}
            title={t.deletePrompt}
            onConfirm={handleDelete}
            onCancel={() => setToDelete(null)}
          />
          <SendOrderDialog request={toSend} onSend={confirmSend} onCancel={() => setToSend(null)} />
          <ConfirmDialog
            opened={toQuery !== null}
            title={t.toQueryTitle}
            text={toQuery ? t.toQueryQuestion(toQuery.number) : ''}
            onConfirm={handleToQuery}
            onCancel={() => setToQuery(null)}
          />
        </>
      )}
    </Stack>
  );
}

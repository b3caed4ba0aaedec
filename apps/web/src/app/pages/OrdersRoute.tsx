import type { Order } from '@spedycja/domain';
import { useCallback, useState } from 'react';
import { useAuth } from '../../features/auth/useAuth.ts';
import { OrderInvoiceActions } from '../../features/invoices/index.ts';
import { ConfirmationFlow, type ConfirmationRequest, ConfirmationRowActions } from '../../features/loadings/index.ts';
import { OrdersPage } from '../../features/orders/index.ts';
import { orderEntry, TasksRowAction } from '../../features/tasks/index.ts';
import { useOpenInvoiceModal } from '../addActions.tsx';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/**
 * Row actions the orders table gets from other features (a stable function: the columns memoise on it): the order's
 * tasks, the loading and unloading confirmations, and for admins (who issue invoices) 'Wystaw fakturę ProForma' /
 * 'Wystaw fakturę VAT'.
 */
export function OrdersRoute() {
  usePageTitle(pageTitles.orders);
  const isAdmin = useAuth().user?.isAdmin ?? false;
  const openInvoiceModal = useOpenInvoiceModal();
  const [confirmation, setConfirmation] = useState<ConfirmationRequest | null>(null);
  const closeConfirmation = useCallback(() => setConfirmation(null), []);
  const orderRowActions = useCallback(
    (order: Order) => (
      <>
        <TasksRowAction entry={orderEntry(order)} />
        <ConfirmationRowActions
          orderUuid={order.uuid}
          loadingFinished={order.loadingFinished}
          unloadingFinished={order.unloadingFinished}
          onOpen={setConfirmation}
        />
        {isAdmin && <OrderInvoiceActions onIssue={(type) => openInvoiceModal({ type, orderUuid: order.uuid })} />}
      </>
    ),
    [isAdmin, openInvoiceModal],
  );
  return (
    <>
      <OrdersPage extraRowActions={orderRowActions} />
      <ConfirmationFlow request={confirmation} onClose={closeConfirmation} />
    </>
  );
}

/** /admin/deleted/orders (admins; the route wraps it in AdminOnly). */
export function DeletedOrdersRoute() {
  usePageTitle(pageTitles.deletedOrders);
  return <OrdersPage deleted />;
}

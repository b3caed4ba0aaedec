import type { Order } from '@spedycja/domain';
import { useCallback, useState } from 'react';
import { useAuth } from '../../features/auth/useAuth.ts';
import { OrderInvoiceMenuItems } from '../../features/invoices/index.ts';
import { ConfirmationFlow, type ConfirmationRequest, ConfirmationRowActions } from '../../features/loadings/index.ts';
import { OrdersPage } from '../../features/orders/index.ts';
import { orderEntry, type TaskEntry, TasksMenuItem, TasksModal } from '../../features/tasks/index.ts';
import { useOpenInvoiceModal } from '../addActions.tsx';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

type TasksOf = Pick<TaskEntry, 'type' | 'uuid' | 'label'>;

/**
 * Row actions the orders table gets from other features (a stable function: the columns memoise on it): the loading
 * and unloading confirmations as an icon, and in 'Więcej akcji' the order's tasks and, for admins (who issue
 * invoices), 'Wystaw fakturę ProForma' / 'Wystaw fakturę VAT'. The modals live here: a menu's items unmount with it.
 */
export function OrdersRoute() {
  usePageTitle(pageTitles.orders);
  const isAdmin = useAuth().user?.isAdmin ?? false;
  const openInvoiceModal = useOpenInvoiceModal();
  const [confirmation, setConfirmation] = useState<ConfirmationRequest | null>(null);
  const closeConfirmation = useCallback(() => setConfirmation(null), []);
  const [tasksOf, setTasksOf] = useState<TasksOf | null>(null);
  const orderRowActions = useCallback(
    (order: Order) => ({
      icons: (
        <ConfirmationRowActions
          orderUuid={order.uuid}
          loadingFinished={order.loadingFinished}
          unloadingFinished={order.unloadingFinished}
          onOpen={setConfirmation}
        />
      ),
      menuItems: (
        <>
          <TasksMenuItem onOpen={() => setTasksOf(orderEntry(order))} />
          {isAdmin && <OrderInvoiceMenuItems onIssue={(type) => openInvoiceModal({ type, orderUuid: order.uuid })} />}
        </>
      ),
    }),
    [isAdmin, openInvoiceModal],
  );
  return (
    <>
      <OrdersPage extraRowActions={orderRowActions} />
      <ConfirmationFlow request={confirmation} onClose={closeConfirmation} />
      {tasksOf && <TasksModal entry={tasksOf} opened onClose={() => setTasksOf(null)} />}
    </>
  );
}

/** /admin/deleted/orders (admins; the route wraps it in AdminOnly). */
export function DeletedOrdersRoute() {
  usePageTitle(pageTitles.deletedOrders);
  return <OrdersPage deleted />;
}

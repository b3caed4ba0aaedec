import type { Order } from '@spedycja/domain';
import { OrdersPage } from '../../features/orders/index.ts';
import { orderEntry, TasksRowAction } from '../../features/tasks/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** Row actions the orders table gets from other features (a stable function: the columns memoise on it). */
const orderRowActions = (order: Order) => <TasksRowAction entry={orderEntry(order)} />;

export function OrdersRoute() {
  usePageTitle(pageTitles.orders);
  return <OrdersPage extraRowActions={orderRowActions} />;
}

/** /admin/deleted/orders (admins; the route wraps it in AdminOnly). */
export function DeletedOrdersRoute() {
  usePageTitle(pageTitles.deletedOrders);
  return <OrdersPage deleted />;
}

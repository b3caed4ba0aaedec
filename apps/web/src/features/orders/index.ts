/** What the app and other features use of orders: the screen (active and deleted), the modal, the query conversion. */

export { patchOrderInLists } from './api/cache.ts';
export { useOrderDetail } from './api/getOrder.ts';
export { orderKeys } from './api/keys.ts';
export { updateOrder, useUpdateOrder } from './api/updateOrder.ts';
export {
  ConvertQueryToOrderAction,
  type ConvertQueryToOrderActionProps,
} from './components/ConvertQueryToOrderAction.tsx';
export { OrderModal, type OrderModalProps } from './components/OrderModal.tsx';
export type { OrderRowExtraActions } from './components/OrderRowActions.tsx';
export { OrdersPage, type OrdersPageProps } from './components/OrdersPage.tsx';
export { StatusBadge } from './components/orderCells.tsx';
export { PaymentTermField, type PaymentTermFieldProps } from './components/PaymentTermField.tsx';

/** What the app and other features use of orders: the screen (active and deleted), the modal, the query conversion. */

export { saveFile } from './api/downloadOrder.ts';
export {
  ConvertQueryToOrderAction,
  type ConvertQueryToOrderActionProps,
} from './components/ConvertQueryToOrderAction.tsx';
export { OrderModal, type OrderModalProps } from './components/OrderModal.tsx';
export type { OrderRowExtraActions } from './components/OrderRowActions.tsx';
export { OrdersPage, type OrdersPageProps } from './components/OrdersPage.tsx';
export { PaymentTermField, type PaymentTermFieldProps } from './components/PaymentTermField.tsx';

/** What the app and other features use of invoices: the three screens, the invoice modal, the orders' row menu. */
export { InvoiceModal, type InvoiceModalPreset, type InvoiceModalProps } from './components/InvoiceModal.tsx';
export { InvoicesPage } from './components/InvoicesPage.tsx';
export { OrderInvoiceMenuItems } from './components/OrderInvoiceMenuItems.tsx';

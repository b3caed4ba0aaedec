/** Issue 38: 'Do zapłaty', the transfer batch and 'Przepływy'. */

export { useCarrierInvoiceFromKsef } from './api.ts';
export { CashflowPage } from './CashflowPage.tsx';
export { payablesUiMessages } from './messages.ts';
export { PayablesPage } from './PayablesPage.tsx';
export { PortalInvoiceConfirm } from './PortalInvoiceConfirm.tsx';

/** Issue 26: an invoice's payments and state, and a customer's balance, for the invoices, cockpit and customers. */
export { useCustomerBalance } from './api.ts';
export { CustomerBalanceLine } from './CustomerBalance.tsx';
export { paymentsUiMessages } from './messages.ts';
export { PaymentStatusCell } from './PaymentStatus.tsx';
export { PaymentsModal } from './PaymentsModal.tsx';
export { carrierPaymentColumns, receiptColumns } from './paymentColumns.tsx';

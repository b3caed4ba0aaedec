/**
 * The customer's window on the office's side (issue 37): the order's 'Klient — link', the documents' 'Widoczny dla
 * klienta' and the customer's 'Panel klienta'. The tracking page and the panel are builds of their own.
 */
export { CustomerLinkPanel, VisibleToCustomer } from './office/CustomerLinkPanel.tsx';
export { PanelUsersPanel } from './office/PanelUsersPanel.tsx';

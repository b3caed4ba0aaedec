/** What other features use of offers: a query's offers modal (from the queries table). */
export { useOffers } from './api/getOffers.ts';
export { OffersModal, type OffersModalProps } from './components/OffersModal.tsx';
export { OffersTable, type OffersTableProps } from './components/OffersTable.tsx';

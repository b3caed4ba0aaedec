/** What other features use of offers: a query's offers modal (from the queries table). */
export { OffersModal, type OffersModalProps } from './components/OffersModal.tsx';

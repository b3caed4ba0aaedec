/** What the app and other features use of queries: the screen (active and deleted), the modal, the row-action slot. */
export { QueriesPage, type QueriesPageProps } from './components/QueriesPage.tsx';
export { QueryModal, type QueryModalProps } from './components/QueryModal.tsx';
export type { QueryRowExtraActions } from './components/QueryRowActions.tsx';

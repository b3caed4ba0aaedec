/** What the app and other features use of loadings: the confirmation flow and its row actions in the orders table. */

export { ConfirmationFlow, type ConfirmationRequest } from './components/ConfirmationFlow.tsx';
export { ConfirmationRowActions } from './components/ConfirmationRowActions.tsx';

export { DebtorBadge } from './components/DebtorBadge.tsx';
export { type DebtorAsk, DebtorConfirmDialog } from './components/DebtorConfirmDialog.tsx';
export { DebtorMark } from './components/DebtorMark.tsx';
export { debtorTexts } from './messages.ts';
export { useDebtorCheck } from './useDebtorCheck.ts';

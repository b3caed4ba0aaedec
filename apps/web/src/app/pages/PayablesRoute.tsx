import { CashflowPage, PayablesPage, payablesUiMessages } from '../../features/payables/index.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** /payables (admins; the route wraps it in AdminOnly): 'Do zapłaty'. */
export function PayablesRoute() {
  usePageTitle(payablesUiMessages.title);
  return <PayablesPage />;
}

/** /cashflow (admins): 'Przepływy'. */
export function CashflowRoute() {
  usePageTitle(payablesUiMessages.cashflowTitle);
  return <CashflowPage />;
}

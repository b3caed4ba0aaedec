import { StatementImportPage } from '../../features/statements/index.ts';
import { statementsUiMessages } from '../../features/statements/messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** /invoices/statements (admins; the route wraps it in AdminOnly): 'Importuj wyciąg'. */
export function StatementImportRoute() {
  usePageTitle(statementsUiMessages.title);
  return <StatementImportPage />;
}

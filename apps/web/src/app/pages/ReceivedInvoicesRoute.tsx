import { ReceivedInvoicesPage } from '../../features/ksef/components/ReceivedInvoicesPage.tsx';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** /invoices/received (admins): the carriers' invoices from KSeF. */
export function ReceivedInvoicesRoute() {
  usePageTitle(pageTitles.invoicesReceived);
  return <ReceivedInvoicesPage />;
}

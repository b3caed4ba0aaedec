import type { InvoiceType } from '@spedycja/domain';
import { InvoicesPage } from '../../features/invoices/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

const titles = {
  vat: pageTitles.invoicesVat,
  proforma: pageTitles.invoicesProforma,
  corrective: pageTitles.invoicesCorrective,
};

/** /invoices/vat, /invoices/proforma, /invoices/corrective (admins; the route wraps it in AdminOnly). */
export function InvoicesRoute({ type }: { type: InvoiceType }) {
  usePageTitle(titles[type]);
  // A new type is a new page: its filters and paging start afresh.
  return <InvoicesPage key={type} type={type} />;
}

/** One component per route, as the router's lazy routes want them. */
export const VatInvoicesRoute = () => <InvoicesRoute type="vat" />;
export const ProFormaInvoicesRoute = () => <InvoicesRoute type="proforma" />;
export const CorrectiveInvoicesRoute = () => <InvoicesRoute type="corrective" />;

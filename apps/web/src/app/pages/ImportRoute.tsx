import { ImportPage } from '../../features/imports/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** /customers/import (admins; the route wraps it in AdminOnly): 'Import klientów'. */
export function CustomersImportRoute() {
  usePageTitle(pageTitles.customersImport);
  return <ImportPage kind="customers" />;
}

/** /carriers/import (admins): 'Import przewoźników'. */
export function CarriersImportRoute() {
  usePageTitle(pageTitles.carriersImport);
  return <ImportPage kind="carriers" />;
}

/** /orders/import (admins): 'Import zleceń'. */
export function OrdersImportRoute() {
  usePageTitle(pageTitles.ordersImport);
  return <ImportPage kind="orders" />;
}

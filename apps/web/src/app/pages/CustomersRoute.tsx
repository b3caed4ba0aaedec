import { CustomersPage } from '../../features/customers/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

export function CustomersRoute() {
  usePageTitle(pageTitles.customers);
  return <CustomersPage />;
}

import { CarriersPage } from '../../features/carriers/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

export function CarriersRoute() {
  usePageTitle(pageTitles.carriers);
  return <CarriersPage />;
}

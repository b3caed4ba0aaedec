import { StatsPage } from '../../features/stats/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** /stats (admins; the route wraps it in AdminOnly). Its chunk alone brings the charts library. */
export function StatsRoute() {
  usePageTitle(pageTitles.stats);
  return <StatsPage />;
}

import { LoadingsCalendarPage } from '../../features/loadings/calendar/LoadingsCalendarPage.tsx';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** /loadings/calendar. */
export function LoadingsCalendarRoute() {
  usePageTitle(pageTitles.loadingsCalendar);
  return <LoadingsCalendarPage />;
}

import type { Query } from '@spedycja/domain';
import { ConvertQueryToOrderAction } from '../../features/orders/index.ts';
import { QueriesPage } from '../../features/queries/index.ts';
import { queryEntry, TasksRowAction } from '../../features/tasks/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** Row actions the queries table gets from other features (a stable function: the columns memoise on it). */
const queryRowActions = (query: Query) => (
  <>
    <ConvertQueryToOrderAction query={query} />
    <TasksRowAction entry={queryEntry(query)} />
  </>
);

export function QueriesRoute() {
  usePageTitle(pageTitles.queries);
  return <QueriesPage extraRowActions={queryRowActions} />;
}

/** /admin/deleted/queries (admins; the route wraps it in AdminOnly). */
export function DeletedQueriesRoute() {
  usePageTitle(pageTitles.deletedQueries);
  return <QueriesPage deleted />;
}

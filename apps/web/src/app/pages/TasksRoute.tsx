import { TasksPage } from '../../features/tasks/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

export function TasksRoute() {
  usePageTitle(pageTitles.tasks);
  return <TasksPage />;
}

/** /admin/deleted/tasks (admins; the route wraps it in AdminOnly). */
export function DeletedTasksRoute() {
  usePageTitle(pageTitles.deletedTasks);
  return <TasksPage deleted />;
}

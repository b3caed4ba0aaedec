/** What the app and other features use of tasks: the screen, the modals, the row action, the badge. */
export { drawerNotificationsQueryOptions, useDrawerNotifications } from './api/getDrawerNotifications.ts';
export { TaskModal, type TaskModalProps } from './components/TaskModal.tsx';
export { TasksModal, type TasksModalProps } from './components/TasksModal.tsx';
export { TasksPage, type TasksPageProps } from './components/TasksPage.tsx';
export { TasksMenuItem, TasksRowAction, type TasksRowActionProps } from './components/TasksRowAction.tsx';
export { tasksMessages } from './messages.ts';
export {
  entryIri,
  orderEntry,
  orderEntryLabel,
  queryEntry,
  queryEntryLabel,
  type TaskEntry,
  type TaskEntryType,
} from './taskEntry.ts';
export { DUE_TASKS_PARAM, dueTasksParams, dueTasksSearch } from './taskRules.ts';

import type { Task } from '@spedycja/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { sortToParams } from '../../../components/DataTable/paging.ts';
import type { SortState } from '../../../components/DataTable/types.ts';
import type { ApiParams } from '../../../components/FilterRow/types.ts';
import { ReasonPrompt } from '../../../components/ReasonPrompt.tsx';
import { listTotal } from '../../../lib/hydra.ts';
import { OrderModal } from '../../orders/index.ts';
import { QueryModal } from '../../queries/index.ts';
import { TASKS_PAGE_SIZE, useTasks } from '../api/getTasks.ts';
import { useRemoveTask } from '../api/removeTask.ts';
import { useRestoreTask } from '../api/restoreTask.ts';
import { useMarkTaskDone } from '../api/updateTask.ts';
import { tasksMessages as t } from '../messages.ts';
import type { TaskEntry } from '../taskEntry.ts';
import { ContactTriesModal } from './ContactTriesModal.tsx';
import { ContactTryModal } from './ContactTryModal.tsx';
import { TaskModal } from './TaskModal.tsx';
import { TaskRestoreAction, TaskRowActions } from './TaskRowActions.tsx';
import { taskColumns } from './taskColumns.tsx';

/** SPEC §9: tasks sort by contact date, soonest first. */
const DEFAULT_SORT: SortState = { key: 'contactDate', direction: 'asc' };
const CLOCK_TICK_MS = 30_000;

/** Now, refreshed every half minute: a task's chip turns red when its contact time comes. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export type UseTasksTableOptions = {
  /** The filters (status, a record's entity, the due tasks); a change goes back to page 1. */
  params: ApiParams;
  deleted?: boolean;
  label: string;
  enabled?: boolean;
};

type TaskModalState = { opened: boolean; uuid: string | null; entry: TaskEntry | null };

/**
 * The tasks table with its row actions and their dialogs, shared by the tasks page, the deleted
 * view and a record's tasks modal. The dialogs come apart from the table, so that a modal showing
 * the table can render them beside itself rather than inside (Esc must close only the topmost).
 */
export function useTasksTable({ params, deleted = false, label, enabled = true }: UseTasksTableOptions) {
  const paramsKey = JSON.stringify(params);
  const [paging, setPaging] = useState({ key: paramsKey, page: 1 });
  const page = paging.key === paramsKey ? paging.page : 1;
  const setPage = useCallback((next: number) => setPaging({ key: paramsKey, page: next }), [paramsKey]);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const now = useNow();

  const [taskModal, setTaskModal] = useState<TaskModalState>({ opened: false, uuid: null, entry: null });
  const [toMarkDone, setToMarkDone] = useState<Task | null>(null);
  const [toDelete, setToDelete] = useState<Task | null>(null);
  // Like the entry below, the task stays while its modal closes.
  const [triesFor, setTriesFor] = useState<{ opened: boolean; task: Task | null }>({ opened: false, task: null });
  const [newTryFor, setNewTryFor] = useState<{ opened: boolean; task: Task | null }>({ opened: false, task: null });
  // The entry stays while its modal closes, so the modal keeps its title through the transition.
  const [entryModal, setEntryModal] = useState<{ opened: boolean; entry: TaskEntry | null }>({
    opened: false,
    entry: null,
  });

  const markDone = useMarkTaskDone();
  const removeTask = useRemoveTask();
  const restoreTask = useRestoreTask();

  const query = useMemo(
    () => ({
      ...params,
      ...sortToParams(sort ?? DEFAULT_SORT),
      ...(deleted ? { 'deletionReason[gt]': 0 } : {}),
      page,
      itemsPerPage: TASKS_PAGE_SIZE,
    }),
    [params, sort, deleted, page],
  );
  const tasks = useTasks(query, enabled);
  const rows = tasks.data?.['hydra:member'] ?? [];
  const totalItems = tasks.data?.['hydra:totalItems'] ?? 0;

  // The last row of a page gone (deleted, done under the 'niewykonane' filter): step back.
  useEffect(() => {
    if (tasks.data && rows.length === 0 && page > 1 && !tasks.isFetching) setPage(page - 1);
  }, [tasks.data, rows.length, page, tasks.isFetching, setPage]);

  const openCreate = useCallback(
    (entry: TaskEntry | null = null) => setTaskModal({ opened: true, uuid: null, entry }),
    [],
  );
  const openEdit = useCallback((uuid: string) => setTaskModal({ opened: true, uuid, entry: null }), []);
  const closeTaskModal = useCallback(() => setTaskModal((m) => ({ ...m, opened: false })), []);
  const closeTries = useCallback(() => setTriesFor((m) => ({ ...m, opened: false })), []);
  const closeNewTry = useCallback(() => setNewTryFor((m) => ({ ...m, opened: false })), []);
  const handleOpenTries = useCallback((task: Task) => setTriesFor({ opened: true, task }), []);
  const handleNewTry = useCallback((task: Task) => setNewTryFor({ opened: true, task }), []);
  const closeEntry = useCallback(() => setEntryModal((m) => ({ ...m, opened: false })), []);
  const handleOpenEntry = useCallback((entry: TaskEntry) => setEntryModal({ opened: true, entry }), []);

  const { mutate: restore } = restoreTask;
  const columns = useMemo(
    () =>
      taskColumns({
        deleted,
        now,
        onOpenEntry: handleOpenEntry,
        onOpenAttempts: handleOpenTries,
        renderActions: (task) =>
          deleted ? (
            <TaskRestoreAction task={task} onRestore={(x) => restore(x.uuid)} />
          ) : (
            <TaskRowActions
              task={task}
              onMarkDone={setToMarkDone}
              onAddTry={handleNewTry}
              onEdit={(x) => setTaskModal({ opened: true, uuid: x.uuid, entry: null })}
              onDelete={setToDelete}
            />
          ),
      }),
    [deleted, now, restore, handleOpenEntry, handleOpenTries, handleNewTry],
  );

  const handleMarkDone = async () => {
    if (!toMarkDone) return;
    await markDone.mutateAsync(toMarkDone.uuid);
    setToMarkDone(null);
  };

  const handleDelete = async (reason: number) => {
    if (!toDelete) return;
    await removeTask.mutateAsync({ uuid: toDelete.uuid, reason });
    setToDelete(null);
  };

  const table: ReactNode = (
    <DataTable
      mode="pages"
      label={label}
      exportable={{ path: '/tasks', params: query }}
      columns={columns}
      rows={rows}
      rowKey={(task) => task.uuid}
      rowProps={(task) => ({ 'aria-label': t.rowLabel(task.id) })}
      loading={tasks.isFetching}
      sort={sort}
      onSortChange={setSort}
      page={page}
      pageSize={TASKS_PAGE_SIZE}
      {...listTotal(tasks.data)}
      onPageChange={setPage}
    />
  );

  const dialogs: ReactNode = (
    <>
      {!deleted && (
        <>
          <TaskModal
            opened={taskModal.opened}
            taskUuid={taskModal.uuid}
            entry={taskModal.entry}
            onClose={closeTaskModal}
          />
          <ConfirmDialog
            opened={toMarkDone !== null}
            title={t.markDoneTitle}
            text={t.markDoneQuestion}
            confirmColor="green"
            onConfirm={handleMarkDone}
            onCancel={() => setToMarkDone(null)}
          />
          <ReasonPrompt
            opened={toDelete !== null}
            title={t.deletePrompt}
            onConfirm={handleDelete}
            onCancel={() => setToDelete(null)}
          />
          <ContactTryModal opened={newTryFor.opened} taskIri={newTryFor.task?.['@id'] ?? null} onClose={closeNewTry} />
        </>
      )}
      <ContactTriesModal
        opened={triesFor.opened}
        task={triesFor.task ? { uuid: triesFor.task.uuid, id: triesFor.task.id } : null}
        onClose={closeTries}
      />
      {entryModal.entry?.type === 'query' && (
        <QueryModal opened={entryModal.opened} queryUuid={entryModal.entry.uuid} onClose={closeEntry} />
      )}
      {entryModal.entry?.type === 'order' && (
        <OrderModal opened={entryModal.opened} orderUuid={entryModal.entry.uuid} onClose={closeEntry} />
      )}
    </>
  );

  return { table, dialogs, openCreate, openEdit, totalItems, isFetching: tasks.isFetching };
}

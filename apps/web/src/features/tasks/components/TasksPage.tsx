import { Alert, Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { TASK_STATUS_FILTERS, taskStatusLabels } from '@spedycja/domain';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useListState } from '../../../components/DataTable/useListState.ts';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { IconPlus } from '../../../components/icons.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { tasksMessages as t } from '../messages.ts';
import { DUE_TASKS_PARAM, dueTasksParams, dueTasksTime, OPEN_TASK_PARAM } from '../taskRules.ts';
import { useTasksTable } from './useTasksTable.tsx';

const STATUS_OPTIONS = TASK_STATUS_FILTERS.map((value) => ({ value, label: taskStatusLabels[value] }));

const statusFilters = (initial: string): FilterDef[] => [
  {
    kind: 'select',
    name: 'status',
    label: t.statusFilter,
    options: STATUS_OPTIONS,
    defaultValue: initial,
    clearable: false,
    width: 230,
  },
];
const ACTIVE_FILTERS = statusFilters('niewykonane');
// A deleted task is as worth restoring done as open.
const DELETED_FILTERS = statusFilters('wszystkie');

export type TasksPageProps = {
  /** The admin view of deleted tasks: `deletionReason[gt]=0`, restore instead of the other actions. */
  deleted?: boolean;
};

/** `/tasks?zakres=wszystkie`: everyone's tasks; without it, the page opens on mine. */
export const TASKS_SCOPE_PARAM = 'zakres';

/**
 * /tasks and /admin/deleted/tasks: my tasks (the ones the drawer badge counts from) or everyone's, the status filter,
 * numeric pages of 15 sorted by contact date.
 * `/tasks?due=1` (the drawer badge) lists my open, notifying tasks whose contact time has come;
 * `/tasks?task={uuid}` (a Telegram reminder's link) opens that task.
 */
export function TasksPage({ deleted = false }: TasksPageProps) {
  const filters = deleted ? DELETED_FILTERS : ACTIVE_FILTERS;
  // The status filter lives in the address, like the other lists' filters.
  const { filterValues, filterParams, setFilters } = useListState(filters);
  const [searchParams, setSearchParams] = useSearchParams();
  const { user } = useAuth();
  const dueMode = !deleted && searchParams.get(DUE_TASKS_PARAM) !== null && !!user?.uuid;
  // Fixed when the due list opens (each badge click opens it anew), so pages agree with each other.
  const dueStamp = searchParams.get(DUE_TASKS_PARAM);
  const dueParams = useMemo(
    () => (dueMode && user ? dueTasksParams(user.uuid, dueTasksTime(dueStamp, Date.now())) : null),
    [dueMode, user, dueStamp],
  );

  const everyone = deleted || searchParams.get(TASKS_SCOPE_PARAM) === 'wszystkie';
  const listParams = useMemo(
    () => (everyone || !user ? filterParams : { ...filterParams, 'user.uuid': user.uuid }),
    [everyone, user, filterParams],
  );

  const { table, dialogs, openCreate, openEdit } = useTasksTable({
    params: dueParams ?? listParams,
    deleted,
    label: deleted ? t.deletedTableLabel : t.tableLabel,
  });

  // A link to one task (from a Telegram reminder) opens it, once: the parameter is then dropped.
  const taskToOpen = deleted ? null : searchParams.get(OPEN_TASK_PARAM);
  useEffect(() => {
    if (!taskToOpen) return;
    openEdit(taskToOpen);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_TASK_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [taskToOpen, openEdit, setSearchParams]);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {deleted ? t.deletedTitle : t.title}
        </Title>
        {!deleted && (
          <Button leftSection={<IconPlus />} onClick={() => openCreate()}>
            {t.add}
          </Button>
        )}
      </Group>
      {dueMode ? (
        <Alert color="red" variant="light" title={t.due.title}>
          <Group justify="space-between" gap="sm">
            <span>{t.due.text}</span>
            <Button size="xs" variant="default" onClick={() => setSearchParams({})}>
              {t.due.showAll}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Group gap="md" align="flex-end">
          {!deleted && (
            <SegmentedControl
              aria-label={t.scope.label}
              value={everyone ? 'all' : 'mine'}
              onChange={(value) =>
                setSearchParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (value === 'all') next.set(TASKS_SCOPE_PARAM, 'wszystkie');
                    else next.delete(TASKS_SCOPE_PARAM);
                    return next;
                  },
                  { replace: true },
                )
              }
              data={[
                { value: 'mine', label: t.scope.mine },
                { value: 'all', label: t.scope.all },
              ]}
            />
          )}
          {/* Back from the due list, the row shows the filter that still applies. */}
          <FilterRow filters={filters} onApply={setFilters} initialValues={filterValues} />
        </Group>
      )}
      {table}
      {dialogs}
    </Stack>
  );
}

import { Anchor, Badge, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { contactTryStatusLabels, DELETION_REASONS, formatDateTime, type Task } from '@spedycja/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { DateTimeText, PhoneText, TextValue } from '../../../components/display.tsx';
import { tasksMessages as t } from '../messages.ts';
import { type TaskEntry, taskEntry } from '../taskEntry.ts';
import { attemptsSummary, chipColor, type TaskChipState, taskChipState } from '../taskRules.ts';

const chipText: Record<TaskChipState, string> = {
  done: t.chip.done,
  planned: t.chip.planned,
  overdue: t.chip.overdue,
};

/** The # column: green when done or still to come, red when the contact time has passed (SPEC §2). */
export function TaskIdChip({ task, now }: { task: Task; now: number }) {
  const state = taskChipState(task, now);
  const label = t.chip.label(task.id, chipText[state]);
  return (
    <Tooltip label={label}>
      <Badge
        color={chipColor(state)}
        variant="filled"
        radius="sm"
        role="img"
        aria-label={label}
        data-state={state}
        // The table squeezes narrow columns; the number must stay whole.
        style={{ cursor: 'default', minWidth: 'max-content', overflow: 'visible' }}
        styles={{ label: { overflow: 'visible' } }}
      >
        {task.id}
      </Badge>
    </Tooltip>
  );
}

function EntryCell({ entry, onOpen }: { entry: TaskEntry | null; onOpen: (entry: TaskEntry) => void }) {
  if (!entry) return <TextValue value={null} />;
  return (
    <Stack gap={0}>
      <Anchor
        component="button"
        type="button"
        size="sm"
        ta="left"
        c={entry.type === 'order' ? 'teal.8' : undefined}
        onClick={() => onOpen(entry)}
        aria-label={t.entry.open(entry.label)}
      >
        {entry.label}
      </Anchor>
      {entry.type === 'order' && entry.detail && (
        <Text size="xs" c="dimmed">
          {entry.detail}
        </Text>
      )}
    </Stack>
  );
}

function AttemptsCell({ task, onOpen }: { task: Task; onOpen: (task: Task) => void }) {
  const { first, more } = attemptsSummary(task.attempts);
  if (first.length === 0) return <TextValue value={null} />;
  return (
    <Stack gap={2}>
      {first.map((a) => (
        <Text key={a.uuid} size="xs" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(a.date)}{' '}
          <Text span inherit fw={600} c={a.status === 'udana' ? 'green.8' : 'red.8'}>
            {contactTryStatusLabels[a.status]}
          </Text>
        </Text>
      ))}
      <UnstyledButton
        onClick={() => onOpen(task)}
        aria-label={more > 0 ? undefined : t.attempts.editListLabel(task.id)}
        style={{ fontSize: 'var(--mantine-font-size-xs)', color: 'var(--mantine-color-anchor)' }}
      >
        {more > 0 ? t.moreAttempts(more) : t.attempts.editList}
      </UnstyledButton>
    </Stack>
  );
}

/** Two-word headers may break into two lines: the table has ten columns and should fit a laptop. */
const wrap = (text: string) => <span style={{ whiteSpace: 'normal', display: 'inline-block' }}>{text}</span>;

export type TaskColumnsOptions = {
  deleted: boolean;
  /** Now, for the chip's colour (the table refreshes it every minute). */
  now: number;
  onOpenEntry: (entry: TaskEntry) => void;
  onOpenAttempts: (task: Task) => void;
  renderActions: (task: Task) => ReactNode;
};

/** The tasks table's columns (SPEC §2 Tasks table), for the page, the deleted view and the tasks modal. */
export function taskColumns({
  deleted,
  now,
  onOpenEntry,
  onOpenAttempts,
  renderActions,
}: TaskColumnsOptions): ColumnDef<Task>[] {
  const c = t.columns;
  const columns: ColumnDef<Task>[] = [
    { id: 'id', header: c.id, cell: (task) => <TaskIdChip task={task} now={now} />, sortKey: 'id', width: 70 },
    {
      id: 'entry',
      header: c.entry,
      cell: (task) => <EntryCell entry={taskEntry(task)} onOpen={onOpenEntry} />,
      width: 220,
    },
    {
      id: 'phone',
      header: wrap(c.phone),
      cell: (task) => <PhoneText prefix={task.phonePrefix} phone={task.phone} />,
    },
    { id: 'comment', header: c.comment, cell: (task) => <TextValue value={task.comment} max={60} /> },
    {
      id: 'contactDate',
      header: wrap(c.contactDate),
      cell: (task) => <DateTimeText value={task.contactDate} />,
      sortKey: 'contactDate',
    },
    { id: 'attempts', header: wrap(c.attempts), cell: (task) => <AttemptsCell task={task} onOpen={onOpenAttempts} /> },
    {
      id: 'createdDate',
      header: wrap(c.createdDate),
      cell: (task) => <DateTimeText value={task.createdDate} />,
      sortKey: 'createdDate',
    },
    {
      id: 'finishedDate',
      header: wrap(c.finishedDate),
      cell: (task) => <DateTimeText value={task.finishedDate} />,
      sortKey: 'finishedDate',
    },
    { id: 'user', header: wrap(c.user), cell: (task) => <TextValue value={task.user?.name} />, sortKey: 'user.name' },
  ];
  if (deleted) {
    columns.push({
      id: 'deletionReason',
      header: c.deletionReason,
      cell: (task) => DELETION_REASONS[task.deletionReason] ?? String(task.deletionReason),
    });
  }
  columns.push({ id: 'actions', header: c.actions, cell: renderActions, width: deleted ? 70 : 150 });
  return columns;
}

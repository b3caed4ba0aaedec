import { ActionIcon, Group, Tooltip } from '@mantine/core';
import type { Task } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { IconCheck, IconEdit, IconPhone, IconRestore, IconTrash } from '../../../components/icons.tsx';
import { tasksMessages as t } from '../messages.ts';

const a = t.rowActions;

function Action({
  label,
  color,
  disabled,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export type TaskRowActionsProps = {
  task: Task;
  onMarkDone: (task: Task) => void;
  onAddTry: (task: Task) => void;
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
};

/** Mark as done (not for a done task), add a contact attempt, edit, delete. */
export function TaskRowActions({ task, onMarkDone, onAddTry, onEdit, onDelete }: TaskRowActionsProps) {
  return (
    <Group gap={2} wrap="nowrap">
      <Action label={a.markDone} color="green" disabled={task.status === 'wykonane'} onClick={() => onMarkDone(task)}>
        <IconCheck />
      </Action>
      <Action label={a.addTry} onClick={() => onAddTry(task)}>
        <IconPhone />
      </Action>
      <Action label={a.edit} onClick={() => onEdit(task)}>
        <IconEdit />
      </Action>
      <Action label={a.delete} color="red" onClick={() => onDelete(task)}>
        <IconTrash />
      </Action>
    </Group>
  );
}

/** The deleted view's only action. */
export function TaskRestoreAction({ task, onRestore }: { task: Task; onRestore: (task: Task) => void }) {
  return (
    <Action label={a.restore} onClick={() => onRestore(task)}>
      <IconRestore />
    </Action>
  );
}

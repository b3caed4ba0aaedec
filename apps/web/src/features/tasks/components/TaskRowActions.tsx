import { Group } from '@mantine/core';
import type { Task } from '@spedycja/domain';
import { IconCheck, IconPhone, IconRestore } from '../../../components/icons.tsx';
import { DeleteAction, EditAction, RowAction } from '../../../components/RowAction.tsx';
import { tasksMessages as t } from '../messages.ts';

const a = t.rowActions;

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
      <RowAction
        label={a.markDone}
        color="green"
        disabled={task.status === 'wykonane'}
        onClick={() => onMarkDone(task)}
      >
        <IconCheck />
      </RowAction>
      <RowAction label={a.addTry} onClick={() => onAddTry(task)}>
        <IconPhone />
      </RowAction>
      <EditAction label={a.edit} onClick={() => onEdit(task)} />
      <DeleteAction label={a.delete} onClick={() => onDelete(task)} />
    </Group>
  );
}

/** The deleted view's only action. */
export function TaskRestoreAction({ task, onRestore }: { task: Task; onRestore: (task: Task) => void }) {
  return (
    <RowAction label={a.restore} onClick={() => onRestore(task)}>
      <IconRestore />
    </RowAction>
  );
}

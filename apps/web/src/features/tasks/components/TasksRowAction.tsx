import { Menu } from '@mantine/core';
import { useState } from 'react';
import { IconTasks } from '../../../components/icons.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { tasksMessages as t } from '../messages.ts';
import type { TaskEntry } from '../taskEntry.ts';
import { TasksModal } from './TasksModal.tsx';

export type TasksRowActionProps = { entry: Pick<TaskEntry, 'type' | 'uuid' | 'label'> };

/** The 'Zadania' button of a query's or an order's row; it opens that record's tasks modal. */
export function TasksRowAction({ entry }: TasksRowActionProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <RowAction label={t.rowActions.tasks} onClick={() => setOpened(true)}>
        <IconTasks />
      </RowAction>
      {opened && <TasksModal entry={entry} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}

/** 'Zadania' as an item of a row's menu ('Więcej akcji' of the orders table); the caller holds the modal. */
export function TasksMenuItem({ onOpen }: { onOpen: () => void }) {
  return (
    <Menu.Item leftSection={<IconTasks size={16} />} onClick={onOpen}>
      {t.rowActions.tasks}
    </Menu.Item>
  );
}

import { Button, Group } from '@mantine/core';
import { useMemo } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { IconPlus } from '../../../components/icons.tsx';
import { tasksMessages as t } from '../messages.ts';
import { entryFilterParams, type TaskEntry } from '../taskEntry.ts';
import { useTasksTable } from './useTasksTable.tsx';

export type TasksModalProps = {
  /** The query or order whose tasks show; `label` titles the modal. */
  entry: Pick<TaskEntry, 'type' | 'uuid' | 'label'>;
  opened: boolean;
  onClose: () => void;
};

const MODAL_WIDTH = 1200;

/** A query's or an order's tasks, every status, in the tasks table, with 'Dodaj zadanie' preset to it. */
export function TasksModal({ entry, opened, onClose }: TasksModalProps) {
  const params = useMemo(() => ({ ...entryFilterParams(entry), status: 'wszystkie' }), [entry]);
  const { table, dialogs, openCreate } = useTasksTable({ params, label: t.tableLabel, enabled: opened });

  // The dialogs are siblings of the modal, not children: Esc in them must not reach it through React.
  return (
    <>
      <AppModal opened={opened} onClose={onClose} title={t.modalTitle(entry.label)} size={MODAL_WIDTH}>
        <Group justify="flex-end" mb="sm">
          <Button leftSection={<IconPlus />} onClick={() => openCreate({ ...entry })}>
            {t.add}
          </Button>
        </Group>
        {table}
      </AppModal>
      {dialogs}
    </>
  );
}

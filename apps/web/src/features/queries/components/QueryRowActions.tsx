import { Group } from '@mantine/core';
import type { Query } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { IconCopy, IconRestore } from '../../../components/icons.tsx';
import { DeleteAction, EditAction, RowAction } from '../../../components/RowAction.tsx';
import { queriesMessages as t } from '../messages.ts';

/** Actions other features add to each row (e.g. 'Zamień w zlecenie', 'Zadania'), after copy and before edit. */
export type QueryRowExtraActions = (query: Query) => ReactNode;

export type QueryRowActionsProps = {
  query: Query;
  onCopy: (query: Query) => void;
  onEdit: (query: Query) => void;
  onDelete: (query: Query) => void;
  extra?: QueryRowExtraActions;
};

/** Copy, (extra), edit and delete. */
export function QueryRowActions({ query, onCopy, onEdit, onDelete, extra }: QueryRowActionsProps) {
  return (
    <Group gap={2} wrap="nowrap">
      <RowAction label={t.rowActions.copy} onClick={() => onCopy(query)}>
        <IconCopy />
      </RowAction>
      {extra?.(query)}
      <EditAction label={t.rowActions.edit} onClick={() => onEdit(query)} />
      <DeleteAction label={t.rowActions.delete} onClick={() => onDelete(query)} />
    </Group>
  );
}

/** The deleted view's only action. */
export function RestoreAction({ query, onRestore }: { query: Query; onRestore: (query: Query) => void }) {
  return (
    <RowAction label={t.rowActions.restore} onClick={() => onRestore(query)}>
      <IconRestore />
    </RowAction>
  );
}

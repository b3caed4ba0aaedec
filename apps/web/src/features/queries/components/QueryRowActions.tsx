import { ActionIcon, Group } from '@mantine/core';
import type { Query } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { IconCopy, IconEdit, IconRestore, IconTrash } from '../../../components/icons.tsx';
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

function Action({
  label,
  color,
  onClick,
  children,
}: {
  label: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    // A native tooltip: a table shows hundreds of these, and Mantine's Tooltip costs each row a portal.
    <ActionIcon variant="subtle" color={color} aria-label={label} title={label} onClick={onClick}>
      {children}
    </ActionIcon>
  );
}

/** Copy, (extra), edit and delete. */
export function QueryRowActions({ query, onCopy, onEdit, onDelete, extra }: QueryRowActionsProps) {
  return (
    <Group gap={2} wrap="nowrap">
      <Action label={t.rowActions.copy} onClick={() => onCopy(query)}>
        <IconCopy />
      </Action>
      {extra?.(query)}
      <Action label={t.rowActions.edit} onClick={() => onEdit(query)}>
        <IconEdit />
      </Action>
      <Action label={t.rowActions.delete} color="red" onClick={() => onDelete(query)}>
        <IconTrash />
      </Action>
    </Group>
  );
}

/** The deleted view's only action. */
export function RestoreAction({ query, onRestore }: { query: Query; onRestore: (query: Query) => void }) {
  return (
    <Action label={t.rowActions.restore} onClick={() => onRestore(query)}>
      <IconRestore />
    </Action>
  );
}

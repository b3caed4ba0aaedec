import { Badge, Button, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconPlus } from './icons.tsx';

export type ListPageHeaderProps = {
  title: string;
  /** What the list found ('Znaleziono: 12'); nothing while it is unknown. */
  found?: string;
  addLabel: string;
  /** Absent: no add button (a read-only view). */
  onAdd?: () => void;
  /** Beside the add button (the admins' 'Importuj'). */
  actions?: ReactNode;
};

/** A list screen's title with the count it found, and its add button. */
export function ListPageHeader({ title, found, addLabel, onAdd, actions }: ListPageHeaderProps) {
  return (
    <Group justify="space-between">
      <Group gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {found !== undefined && (
          <Badge variant="light" color="gray" aria-live="polite">
            {found}
          </Badge>
        )}
      </Group>
      <Group gap="xs">
        {actions}
        {onAdd && (
          <Button leftSection={<IconPlus />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </Group>
    </Group>
  );
}

import { Badge, Button, Group, Title } from '@mantine/core';
import { IconPlus } from './icons.tsx';

export type ListPageHeaderProps = {
  title: string;
  /** What the list found ('Znaleziono: 12'); nothing while it is unknown. */
  found?: string;
  addLabel: string;
  /** Absent: no add button (a read-only view). */
  onAdd?: () => void;
};

/** A list screen's title with the count it found, and its add button. */
export function ListPageHeader({ title, found, addLabel, onAdd }: ListPageHeaderProps) {
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
      {onAdd && (
        <Button leftSection={<IconPlus />} onClick={onAdd}>
          {addLabel}
        </Button>
      )}
    </Group>
  );
}

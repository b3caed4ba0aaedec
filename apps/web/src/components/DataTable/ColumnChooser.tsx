import { Button, Checkbox, Menu, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useMemo } from 'react';
import { IconColumns } from '../icons.tsx';
import { componentMessages as t } from '../messages.ts';
import type { ColumnDef } from './types.ts';

/** Whether a column stays at the right edge (the row actions, unless a column says otherwise). */
export const isPinned = <T,>(column: ColumnDef<T>) =>
  (column.pinned ?? (column.id === 'actions' ? 'right' : false)) === 'right';

/**
 * The columns a user chose to see, remembered in the browser under `storageKey` (per user and table); pinned columns
 * are always shown. Without a chooser every column shows.
 */
export function useVisibleColumns<T>(
  columns: readonly ColumnDef<T>[],
  chooser: { storageKey: string; defaultHidden?: readonly string[] } | undefined,
) {
  const [hidden, setHidden] = useLocalStorage<string[] | null>({
    key: `spedycja.columns.${chooser?.storageKey ?? 'none'}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  // Compared as text: the caller's options object is new on every render, and the rows must not all re-render.
  const enabled = chooser !== undefined;
  const defaults = (chooser?.defaultHidden ?? []).join('\u0000');
  const hiddenSet = useMemo(
    () => new Set(enabled ? (hidden ?? (defaults ? defaults.split('\u0000') : [])) : []),
    [enabled, hidden, defaults],
  );
  const visible = useMemo(() => columns.filter((c) => isPinned(c) || !hiddenSet.has(c.id)), [columns, hiddenSet]);
  return { visible, hiddenSet, setHidden };
}

/** 'Kolumny': a checkbox per column that can be hidden, and a way back to the defaults. */
export function ColumnChooser<T>({
  columns,
  hiddenSet,
  onChange,
}: {
  columns: readonly ColumnDef<T>[];
  hiddenSet: ReadonlySet<string>;
  onChange: (hidden: string[] | null) => void;
}) {
  const choosable = columns.filter((c) => !isPinned(c) && typeof c.header === 'string' && c.header !== '');
  const toggle = (id: string, shown: boolean) => {
    const next = new Set(hiddenSet);
    if (shown) next.delete(id);
    else next.add(id);
    onChange([...next]);
  };
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-xs" variant="subtle" leftSection={<IconColumns size={14} />} title={t.columnsHint}>
          {t.columns}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={6} p={6} role="group" aria-label={t.columnsHint}>
          {choosable.map((c) => (
            <Checkbox
              key={c.id}
              size="xs"
              label={c.header}
              checked={!hiddenSet.has(c.id)}
              onChange={(event) => toggle(c.id, event.currentTarget.checked)}
            />
          ))}
        </Stack>
        <Menu.Divider />
        <Menu.Item onClick={() => onChange(null)}>{t.columnsReset}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The columns hidden until the user chooses: the status column shows by itself once the status filter is widened
 * from the list's usual 'aktywne' (the rows then differ in it).
 */
export function hiddenByDefault(columns: readonly string[], statusFilter: string | undefined): readonly string[] {
  return statusFilter === 'aktywne' ? columns : columns.filter((id) => id !== 'status');
}

import { Button, Checkbox, Menu, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { IconColumns } from '../icons.tsx';
import { useComponentTexts } from '../texts.tsx';
import type { ColumnDef } from './types.ts';

/** Whether a column stays at the right edge (the row actions, unless a column says otherwise). */
export const isPinned = <T,>(column: ColumnDef<T>) =>
  (column.pinned ?? (column.id === 'actions' ? 'right' : false)) === 'right';

/** Gives a table's columns their priorities (see ColumnDef.priority), kept beside the table's column list. */
export const withPriorities = <T,>(columns: ColumnDef<T>[], priorities: Readonly<Record<string, number>>) =>
  columns.map((column) =>
    priorities[column.id] === undefined ? column : { ...column, priority: priorities[column.id] },
  );

/** What the user chose in 'Kolumny': these columns show, those do not, whatever the width. */
export type ColumnChoice = { shown: string[]; hidden: string[] };

/**
 * The stored choice; before the choice had two halves it was the list of hidden columns (everything else, the
 * default-hidden ones included, had been shown on purpose).
 */
export function readChoice(stored: unknown, defaultHidden: readonly string[]): ColumnChoice {
  if (Array.isArray(stored)) {
    const hidden = stored.filter((id): id is string => typeof id === 'string');
    return { hidden, shown: defaultHidden.filter((id) => !hidden.includes(id)) };
  }
  const choice = stored as Partial<ColumnChoice> | null;
  return { shown: choice?.shown ?? [], hidden: choice?.hidden ?? [] };
}

/**
 * The next column to hide when the table is wider than its box: among the shown ones that may be dropped (they have
 * a priority and the user did not choose them), the highest priority number, the rightmost of equals.
 */
export function columnToDrop<T>(visible: readonly ColumnDef<T>[], chosen: ReadonlySet<string>): string | null {
  let drop: ColumnDef<T> | null = null;
  for (const column of visible) {
    if (column.priority === undefined || isPinned(column) || chosen.has(column.id)) continue;
    if (!drop || (drop.priority ?? 0) <= column.priority) drop = column;
  }
  return drop?.id ?? null;
}

/**
 * The columns a table shows: those the user chose in 'Kolumny' (remembered in the browser under `storageKey`, per
 * user and table), the others unless hidden by default, minus — while the table is wider than `box` — the
 * lowest-priority ones, so that a 1366 px laptop shows what matters without sideways scrolling and a 1920 px monitor
 * shows every column. Pinned columns always show. Without a chooser every column shows.
 */
export function useVisibleColumns<T>(
  columns: readonly ColumnDef<T>[],
  chooser: { storageKey: string; defaultHidden?: readonly string[] } | undefined,
  box?: RefObject<HTMLElement | null>,
  content?: unknown,
) {
  const [stored, setStored] = useLocalStorage<ColumnChoice | string[] | null>({
    key: `spedycja.columns.${chooser?.storageKey ?? 'none'}`,
    defaultValue: null,
    getInitialValueInEffect: false,
  });
  const enabled = chooser !== undefined;
  // Compared as text: the caller's options object is new on every render, and the rows must not all re-render.
  const defaultsKey = (chooser?.defaultHidden ?? []).join('\u0000');
  const storedKey = JSON.stringify(stored);
  const choice = useMemo(
    () => readChoice(JSON.parse(storedKey), defaultsKey ? defaultsKey.split('\u0000') : []),
    [storedKey, defaultsKey],
  );
  const [dropped, setDropped] = useState<readonly string[]>([]);
  const hiddenSet = useMemo(() => {
    if (!enabled) return new Set<string>();
    const defaults = defaultsKey ? defaultsKey.split('\u0000') : [];
    return new Set([
      ...choice.hidden,
      ...defaults.filter((id) => !choice.shown.includes(id)),
      ...dropped.filter((id) => !choice.shown.includes(id)),
    ]);
  }, [enabled, choice, defaultsKey, dropped]);
  const visible = useMemo(() => columns.filter((c) => isPinned(c) || !hiddenSet.has(c.id)), [columns, hiddenSet]);

  // Fitting to the width: after each layout, one more column goes while the table overflows its box (React renders
  // again before the browser paints); a wider box starts again from every column.
  const fits = enabled && box !== undefined;
  const chosen = useMemo(() => new Set(choice.shown), [choice]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new rows (`content`) may widen the table: measure again.
  useLayoutEffect(() => {
    const element = box?.current;
    const table = element?.querySelector('table');
    if (!fits || !element || !table || element.clientWidth === 0) return;
    if (table.offsetWidth <= element.clientWidth + 1) return;
    const next = columnToDrop(visible, chosen);
    if (next) setDropped((current) => [...current, next]);
  }, [fits, box, visible, chosen, content]);
  const lastWidth = useRef(0);
  useEffect(() => {
    const element = box?.current;
    if (!fits || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const width = element.clientWidth;
      if (width > lastWidth.current + 8) setDropped((current) => (current.length > 0 ? [] : current));
      lastWidth.current = width;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fits, box]);

  // From the stored value, not this render's: two ticks in quick succession must both count.
  const toggle = useCallback(
    (id: string, shown: boolean) => {
      const without = (list: string[]) => list.filter((other) => other !== id);
      setStored((previous) => {
        const current = readChoice(previous, defaultsKey ? defaultsKey.split('\u0000') : []);
        return {
          shown: shown ? [...without(current.shown), id] : without(current.shown),
          hidden: shown ? without(current.hidden) : [...without(current.hidden), id],
        };
      });
    },
    [defaultsKey, setStored],
  );
  const reset = useCallback(() => {
    setStored(null);
    setDropped([]);
  }, [setStored]);
  return { visible, hiddenSet, toggle, reset };
}

/** 'Kolumny': a checkbox per column that can be hidden, and a way back to the defaults. */
export function ColumnChooser<T>({
  columns,
  hiddenSet,
  onToggle: toggle,
  onReset,
}: {
  columns: readonly ColumnDef<T>[];
  hiddenSet: ReadonlySet<string>;
  onToggle: (id: string, shown: boolean) => void;
  onReset: () => void;
}) {
  const t = useComponentTexts();
  const choosable = columns.filter((c) => !isPinned(c) && typeof c.header === 'string' && c.header !== '');
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
        <Menu.Item onClick={onReset}>{t.columnsReset}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

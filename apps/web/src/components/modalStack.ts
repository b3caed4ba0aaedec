import { useCallback, useEffect, useId, useSyncExternalStore } from 'react';

/**
 * Which open modal is on top. Mantine closes every open modal on Esc (each listens on the window),
 * so a modal opened from another one (a customer added from the query form, a confirmation over
 * the offers) would take its parent down with it; only the topmost one should close.
 */

const stack: string[] = [];
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const topmost = () => stack.at(-1) ?? null;

/** True while this modal is open and no modal opened after it is. */
export function useIsTopmostModal(opened: boolean): boolean {
  const id = useId();
  useEffect(() => {
    if (!opened) return;
    stack.push(id);
    emit();
    return () => {
      const index = stack.lastIndexOf(id);
      if (index >= 0) stack.splice(index, 1);
      emit();
    };
  }, [opened, id]);
  // A closed modal's answer is always false, so the many closed ones (a table's cell editors) never re-render.
  const isTopmost = useCallback(() => opened && topmost() === id, [opened, id]);
  return useSyncExternalStore(subscribe, isTopmost, isTopmost);
}

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

/** Open modals holding unsaved changes: leaving the page asks first while there is one (NavigationGuard). */
const dirtyModals = new Set<string>();
const dirtyListeners = new Set<() => void>();
const subscribeDirty = (listener: () => void) => {
  dirtyListeners.add(listener);
  return () => dirtyListeners.delete(listener);
};

export const hasDirtyModal = () => dirtyModals.size > 0;

/** A modal says whether it holds unsaved changes. */
export function useDirtyModalRegistration(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyModals.add(id);
    for (const listener of dirtyListeners) listener();
    return () => {
      dirtyModals.delete(id);
      for (const listener of dirtyListeners) listener();
    };
  }, [dirty, id]);
}

/** True while any open modal holds unsaved changes. */
export const useHasDirtyModal = () => useSyncExternalStore(subscribeDirty, hasDirtyModal, hasDirtyModal);

import { type KeyboardEvent, type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';

const FOCUSABLE = 'button:not([disabled]), a[href], [role="button"]:not([aria-disabled="true"])';

/**
 * A row's actions as one toolbar (WAI-ARIA 'toolbar' pattern): one Tab stop per row instead of one per button, the
 * arrows (and Home/End) move between the buttons, and the last one used keeps the Tab stop. The mouse sees no change.
 */
export function RowActionsToolbar({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const current = useRef(0);
  const buttons = useCallback(() => [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])], []);
  const settle = useCallback(() => {
    const list = buttons();
    const index = Math.min(current.current, list.length - 1);
    list.forEach((button, i) => {
      button.tabIndex = i === index ? 0 : -1;
    });
  }, [buttons]);
  // Buttons come and go with the row (a busy download, a restore in the deleted view): settled after each render.
  useLayoutEffect(settle);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = buttons();
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (at < 0 || list.length === 0) return;
    const moves: Record<string, number> = {
      ArrowRight: (at + 1) % list.length,
      ArrowLeft: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    current.current = next;
    settle();
    list[next]?.focus();
  };
  const onFocus = () => {
    const at = buttons().indexOf(document.activeElement as HTMLElement);
    if (at >= 0 && at !== current.current) {
      current.current = at;
      settle();
    }
  };
  return (
    <div ref={ref} role="toolbar" aria-label={label} onKeyDown={onKeyDown} onFocus={onFocus}>
      {children}
    </div>
  );
}

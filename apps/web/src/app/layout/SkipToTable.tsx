import { type CSSProperties, useState } from 'react';
import { componentMessages as t } from '../../components/messages.ts';

const hidden: CSSProperties = {
  position: 'absolute',
  left: -10_000,
  top: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
};

const shown: CSSProperties = {
  position: 'fixed',
  left: 8,
  top: 8,
  zIndex: 1000,
  padding: '8px 12px',
  background: 'var(--mantine-color-white)',
  color: 'var(--mantine-color-indigo-9)',
  border: '2px solid var(--mantine-color-indigo-7)',
  borderRadius: 4,
  fontWeight: 600,
};

/** Focuses the page's first table (made focusable for the jump), or the page itself when it has none. */
function focusTable() {
  const main = document.querySelector('main');
  const target = main?.querySelector<HTMLElement>('table') ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView({ block: 'nearest' });
}

/** The page's first Tab stop: 'Przejdź do tabeli', shown only while focused, skips the side drawer. */
export function SkipToTable() {
  const [focused, setFocused] = useState(false);
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is a link (its href works without script); the click moves the focus too.
    <a
      href="#main"
      style={focused ? shown : hidden}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        focusTable();
      }}
    >
      {t.skipToTable}
    </a>
  );
}

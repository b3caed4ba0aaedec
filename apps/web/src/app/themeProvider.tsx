import { type CSSVariablesResolver, createTheme, MantineProvider, Notification } from '@mantine/core';
import type { ReactNode } from 'react';
import { componentMessages } from '../components/messages.ts';

const theme = createTheme({
  primaryColor: 'indigo',
  // Indigo 6 under white text is 4.3:1; shade 7 reaches WCAG AA's 4.5:1 (buttons, links, active tabs).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  components: {
    // A notification's × is a button: it needs a name (axe: button-name).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': componentMessages.close } },
    }),
  },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/**
 * Text colours readable at WCAG AA (4.5:1 on white and on gray-0): Mantine's dimmed gray-6 is 3.3:1 and its red-6
 * error text 3.3:1, so secondary text takes gray-7 and errors red-9.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});

/**
 * Mantine with the app's theme and nothing else: the carrier's link (/p/{token}) on a phone needs no dates picker and
 * no query cache, so its first load stays small (build/routeBudgets.ts).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

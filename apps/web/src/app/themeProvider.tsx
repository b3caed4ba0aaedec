import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  MantineProvider,
  Notification,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { componentMessages } from '../components/messages.ts';

// Indigo 6 under white text is 4.3:1; shade 7 reaches WCAG AA's 4.5:1 (buttons, links, active tabs).
const PRIMARY_SHADE = 7;

const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: PRIMARY_SHADE, dark: 8 },
  defaultRadius: 'sm',
  components: {
    // A notification's × is a button: it needs a name (axe: button-name).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': componentMessages.close } },
    }),
  },
  // The office's font first (Segoe UI on Windows, San Francisco on a Mac); elsewhere Arial's metrics (Liberation Sans)
  // rather than system-ui, which on Linux is the wide DejaVu Sans: the tables of SPEC §2 are measured against these.
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

const AA = 4.5;
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

/** `color`, darkened in small steps until it reads at 4.5:1 on `background`. */
export function readableOn(color: string, background: string): string {
  let result = color;
  for (let amount = 0.05; contrast(result, background) < AA && amount < 1; amount += 0.05) {
    result = darken(color, amount);
  }
  return result;
}

/**
 * The text colours of every palette colour, readable at WCAG AA: Mantine writes a light variant (badges, alerts,
 * light buttons) in shade 9 on shade 1 — orange 3.6:1, yellow 2.7:1, green 3.8:1 — and `c="green"` in shade 7 on
 * the page (2.8:1); each is darkened just enough for 4.5:1 on its background (the page is gray-0).
 */
export function readableTextColors(): Record<string, string> {
  const page = DEFAULT_THEME.colors.gray[0];
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    // A light variant sits on shade 1, or on the page when shade 1 is lighter than it.
    const lightBackground = luminance(shades[1]) < luminance(page) ? shades[1] : page;
    variables[`--mantine-color-${name}-light-color`] = readableOn(shades[9], lightBackground);
    variables[`--mantine-color-${name}-text`] = readableOn(shades[PRIMARY_SHADE], page);
  }
  return variables;
}

/**
 * Text colours readable at WCAG AA (4.5:1 on white and on gray-0): Mantine's dimmed gray-6 is 3.3:1 and its red-6
 * error text 3.3:1, so secondary text takes gray-7 and errors red-9; the palette's text colours as above.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...readableTextColors(),
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

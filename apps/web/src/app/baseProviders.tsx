import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import type { ReactNode } from 'react';
import { queryClient } from './queryClient.ts';
import { ThemeProvider } from './themeProvider.tsx';

dayjs.locale('pl');

/** The query cache and Polish dates (locale pl, Monday first): for a page inside a ThemeProvider of its own. */
export function DataProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DatesProvider settings={{ locale: 'pl', firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>
    </QueryClientProvider>
  );
}

/**
 * Mantine (Polish dates: locale pl, Monday first) and the query cache: what every staff page needs. A module of its own
 * so that the carriers' public pages load nothing of the staff app's providers.
 */
export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <DataProviders>{children}</DataProviders>
    </ThemeProvider>
  );
}

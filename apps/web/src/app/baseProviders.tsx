import { createTheme, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import type { ReactNode } from 'react';
import { queryClient } from './queryClient.ts';

dayjs.locale('pl');

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/**
 * Mantine (Polish dates: locale pl, Monday first) and the query cache: what every page needs, the carriers' public
 * pages included (src/publicMain.tsx). A module of its own so that they load nothing of the staff app's providers.
 */
export function BaseProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'pl', firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

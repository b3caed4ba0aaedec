import { createTheme, MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import type { ReactNode } from 'react';
import { componentMessages } from '../components/messages.ts';
import { NOTIFICATION_POSITION } from '../lib/notify.ts';
import { queryClient } from './queryClient.ts';

dayjs.locale('pl');

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/** Mantine (Polish dates: locale pl, Monday first), notifications top right, modals, the query cache. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <DatesProvider settings={{ locale: 'pl', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
          <ModalsProvider labels={{ confirm: componentMessages.yes, cancel: componentMessages.no }}>
            <Notifications position={NOTIFICATION_POSITION} limit={5} zIndex={1000} />
            {children}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

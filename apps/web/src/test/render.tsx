import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../lib/queryClient.ts';

/** Renders UI inside the providers the app uses (a memory router, without the app's routes). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  // The app's cache (its notifications included), without retries.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <DatesProvider settings={{ locale: 'pl', firstDayOfWeek: 1 }}>
          <Notifications />
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper: Wrapper }), queryClient };
}

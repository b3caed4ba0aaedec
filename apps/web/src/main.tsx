import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { paths } from './app/paths.ts';
import { AppProviders } from './app/providers.tsx';
import { queryClient } from './app/queryClient.ts';
import { createAppRouter } from './app/router.tsx';
import { configureApiClient } from './lib/apiClient.ts';
import { session } from './lib/session.ts';

// zod compiles its object parsers with new Function() when it may; the app's CSP (no 'unsafe-eval') refuses that,
// and the first parse of each page load logged a CSP violation before zod fell back to its interpreter. Told through
// the global zod keeps its settings in (z.config writes the same object), so that the login's first load does not
// take in zod, which it otherwise loads later.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig ??= {};
zodConfig.__zod_globalConfig.jitless = true;

const router = createAppRouter();

// A refused refresh ends the session: to the queries page, which (protected) leads on to /login.
configureApiClient({
  onSessionExpired: () => {
    queryClient.clear();
    void router.navigate(paths.queries, { replace: true });
  },
});

// Logged out in another tab: nothing of the previous session stays cached here.
session.subscribe(() => {
  if (!session.getToken()) queryClient.clear();
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

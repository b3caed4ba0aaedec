import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicHomeRoute, VerifyRoute } from './app/pages/PublicPage.tsx';
import { paths } from './app/paths.ts';
import { ThemeProvider } from './app/themeProvider.tsx';

/*
 * The carriers' pages, / and /verify (public.html; the server sends it for those two paths; the carrier's link
 * /p/{token} is portal.html). Opened cold, often on a slow link, they are an entry of their own: no router, no login,
 * none of the staff app (limits in build/routeBudgets.ts). Their outcomes show in the page, so there are no
 * notifications either.
 */

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from public.html');

const pathname = window.location.pathname;
const Page = pathname === paths.verify ? VerifyRoute : PublicHomeRoute;

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </ThemeProvider>
  </StrictMode>,
);

import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BaseProviders } from './app/baseProviders.tsx';
import { paths } from './app/paths.ts';

/*
 * The carriers' pages, /, /verify and their links /p/{token} (public.html; the server sends it for those two paths). Opened cold, often on a
 * slow link, they are an entry of their own: no router, no login, none of the staff app (limits in
 * build/routeBudgets.ts). Their outcomes show in the page, so there are no notifications either.
 */

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from public.html');

// The carrier's link (/p/{token}) is a chunk of its own: the public list's first load does not carry it.
const CarrierPortalPage = lazy(() =>
  import('./features/portal/carrier/CarrierPortalPage.tsx').then((m) => ({ default: m.CarrierPortalPage })),
);

// The public list and the e-mail check are chunks too: the carrier's link on a phone loads none of them.
const PublicHomeRoute = lazy(() => import('./app/pages/PublicPage.tsx').then((m) => ({ default: m.PublicHomeRoute })));
const VerifyRoute = lazy(() => import('./app/pages/PublicPage.tsx').then((m) => ({ default: m.VerifyRoute })));

const pathname = window.location.pathname;
const Page = pathname.startsWith('/p/') ? CarrierPortalPage : pathname === paths.verify ? VerifyRoute : PublicHomeRoute;

createRoot(root).render(
  <StrictMode>
    <BaseProviders>
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    </BaseProviders>
  </StrictMode>,
);

import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BaseProviders } from './app/baseProviders.tsx';
import { PublicHomeRoute, VerifyRoute } from './app/pages/PublicPage.tsx';
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

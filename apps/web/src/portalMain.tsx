import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from './app/themeProvider.tsx';
import { CarrierPortalPage } from './features/portal/carrier/CarrierPortalPage.tsx';

/*
 * The carrier's link, /p/{token} (portal.html): opened on a phone, often on a slow link, it is a build of its own —
 * React, Mantine's theme and the page, none of the public list's pickers or the staff app (limit in
 * build/routeBudgets.ts: 100 kB of JavaScript before it is usable, issue 25).
 */

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from portal.html');

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <CarrierPortalPage />
    </ThemeProvider>
  </StrictMode>,
);

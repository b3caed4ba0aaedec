import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from './app/themeProvider.tsx';
import { PanelApp } from './features/customerWindow/panel/PanelApp.tsx';

/*
 * The customer panel, /panel (panel.html, issue 37): a build of its own, so that a customer's browser loads none of
 * the back-office. The login is the usual page (/login), which sends a ROLE_CUSTOMER login here.
 */

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from panel.html');

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <PanelApp />
    </ThemeProvider>
  </StrictMode>,
);

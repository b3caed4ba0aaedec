import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TrackPage } from './features/customerWindow/track/TrackPage.tsx';

/*
 * The customer's tracking link, /t/{token} (track.html, issue 37): a build of its own, React and the page only — no
 * UI library, none of the staff app (limit in build/routeBudgets.ts: 100 kB of JavaScript before it is usable).
 */

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from track.html');

createRoot(root).render(
  <StrictMode>
    <TrackPage />
  </StrictMode>,
);

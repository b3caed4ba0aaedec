/**
 * How much gzipped JavaScript a first visit to a route may load, in kB (1000 bytes), counted from the built files:
 * the page's entry (index.html or public.html), its own chunk and every chunk either imports. The login and the
 * carriers' public page are opened cold, often on a slow link; `npm run build` prints every route's figure and
 * e2e/bundleSize.e2e.ts fails past a limit.
 */
export const routeBudgetsKb: Record<string, number> = {
  '/login': 150,
  '/': 120,
  // Issue 25: the carrier's link on a phone, usable on Fast 3G with at most 100 kB of JavaScript.
  '/p/:token': 100,
  // Issue 37: the customer's tracking link, the same bar; the customer panel, its own build (no staff code).
  '/t/:token': 100,
  '/panel': 200,
};

/** The carriers' pages: an entry of their own (public.html), sent by the server for these paths. */
export const publicEntry = { html: 'public.html', routes: ['/', '/verify'] };

/** The carrier's link on a phone: a build of its own (portal.html), sent by the server for /p/{token}. */
export const portalEntry = { html: 'portal.html', routes: ['/p/:token'] };

/** The customer's tracking link (issue 37): a build of its own (track.html), sent by the server for /t/{token}. */
export const trackEntry = { html: 'track.html', routes: ['/t/:token'] };

/** The customer panel (issue 37): a build of its own (panel.html) for /panel and its pages. */
export const panelEntry = { html: 'panel.html', routes: ['/panel'] };

/** The staff app's entry, which holds the login; its other pages load with the layout's chunk (the drawer). */
export const staffEntry = { html: 'index.html', routes: ['/login'], layout: 'src/app/layout/AppLayout.tsx' };

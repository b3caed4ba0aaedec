import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The built web app (apps/web/dist). Vite names every file under assets/ by its content, so a browser may keep them a
 * year without asking; the HTML pages name the current ones, so they are revalidated on every visit (no-cache + ETag).
 * Each file is sent in its brotli or gzip copy made at build time, as the browser's Accept-Encoding allows.
 * Three HTML pages: public.html for the carriers' pages (/ and /verify, light, no router), portal.html for the
 * carrier's link (/p/{token}), index.html for the rest.
 */

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
/** The carrier's link (/p/{token}, issue 25) is a public page too. */
const PUBLIC_PAGES = new Set(['/', '/verify', '/p/:token']);
/** Issue 37: the customer's tracking link (/t/{token}) and the customer panel (/panel, its pages): builds of their own. */
const CUSTOMER_PAGES: Record<string, string> = {
  '/t/:token': 'track.html',
  '/panel': 'panel.html',
  '/panel/*': 'panel.html',
};
/**
 * The carriers' list asks for its first page as soon as its script runs; announced with the page, the browser fetches
 * it alongside the scripts instead of after them (a round trip less on a slow link). The URL is the one the page
 * builds (apps/web/src/features/publicOffers/api/getPublicQueries.ts); e2e/bundleSize.e2e.ts checks that it is used.
 */
export const PUBLIC_FIRST_PAGE = '/api/public/queries?page=1&itemsPerPage=20';

/** Whether `webDist` holds a built app (tests and `npm run dev` run the API without one). */
export const hasWebApp = (webDist: string) => existsSync(path.join(webDist, 'index.html'));

export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const assets = `${path.sep}assets${path.sep}`;
  const publicPage = existsSync(path.join(webDist, 'public.html')) ? 'public.html' : 'index.html';
  const sendPage = (reply: FastifyReply, page: string) => reply.header('cache-control', REVALIDATE).sendFile(page);

  await app.register(fastifyStatic, {
    root: webDist,
    // Files are looked up per request, so a rebuilt web app is served without a restart.
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    // The build manifest (.vite/) and any other dotfile are not for the browser.
    dotfiles: 'ignore',
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.includes(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
  // The carrier's link is a build of its own (portal.html: light enough for a phone on a slow link).
  const portalPage = existsSync(path.join(webDist, 'portal.html')) ? 'portal.html' : publicPage;
  for (const url of PUBLIC_PAGES) {
    app.get(url, { config: { public: true }, schema: { hide: true } }, (_request, reply) => {
      if (url === '/') reply.header('link', `<${PUBLIC_FIRST_PAGE}>; rel=preload; as=fetch; crossorigin=anonymous`);
      return sendPage(reply, url === '/p/:token' ? portalPage : publicPage);
    });
  }
  for (const [url, page] of Object.entries(CUSTOMER_PAGES)) {
    const file = existsSync(path.join(webDist, page)) ? page : 'index.html';
    app.get(url, { config: { public: true }, schema: { hide: true } }, (_request, reply) => sendPage(reply, file));
  }
  return {
    /** The not-found answer for a GET of a client-side route (/queries, /users, …): the single-page app. */
    servesPage(url: string): string | null {
      const pathname = url.split('?')[0] ?? '';
      // A missing hashed file (an old page asking for a chunk of the previous build) is a 404, not the app's HTML.
      if (pathname.startsWith('/assets/') || pathname.startsWith('/.')) return null;
      return 'index.html';
    },
    sendPage,
  };
}

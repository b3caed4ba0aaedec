import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeBudgetsKb } from '../build/routeBudgets.ts';
import { type RouteSize, routeSizes } from '../build/routeSizes.ts';
import { launchBrowser, newContext } from './browser.ts';

/**
 * The login and the carriers' public page stay light (build/routeBudgets.ts): counted from the built files as
 * `npm run build` prints them, and checked against what a browser really fetches, so that the count misses nothing.
 */

const webRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(webRoot, 'dist');

/** How a person knows the page is there: the login form, the public list. */
const ready: Record<string, { role: 'button' | 'region' | 'alert'; name: string }> = {
  '/login': { role: 'button', name: 'Zaloguj' },
  '/': { role: 'region', name: 'Lista zapytań transportowych' },
  // A link that is no carrier's: the page's answer to it is drawn by the same JavaScript as an order's.
  '/p/:token': { role: 'alert', name: '' },
  // Issue 37: a link that is no customer's; the panel's invitation page (the panel without a login goes to /login).
  '/t/:token': { role: 'alert', name: '' },
  '/panel': { role: 'button', name: 'Ustaw hasło' },
};

/** The address opened for a route, where it is not the route itself. */
const visit: Record<string, string> = { '/panel': '/panel/invite/bundle-check' };

describe("first-load JavaScript of the login, the public page and the carrier's link", () => {
  let sizes: RouteSize[];
  let browser: Browser;
  beforeAll(async () => {
    sizes = routeSizes(dist, webRoot);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const routeOf = (route: string) => {
    const size = sizes.find((s) => s.routes.includes(route));
    if (!size) throw new Error(`no built page for ${route}`);
    return size;
  };

  for (const [route, limitKb] of Object.entries(routeBudgetsKb)) {
    it(`${route} loads at most ${limitKb} kB of gzipped JavaScript, and the browser fetches nothing uncounted`, async () => {
      const size = routeOf(route);
      expect(size.limitKb).toBe(limitKb);
      expect(size.gzipBytes, `${route}: ${(size.gzipBytes / 1000).toFixed(1)} kB`).toBeLessThanOrEqual(limitKb * 1000);

      const context = await newContext(browser);
      const page = await context.newPage();
      const fetched = new Set<string>();
      const apiRequests: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.endsWith('.js')) fetched.add(url.pathname.slice(1));
      });
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname + url.search);
      });
      await page.goto(visit[route] ?? route);
      const target = ready[route] as { role: 'button' | 'region' | 'alert'; name: string };
      await (target.name
        ? page.getByRole(target.role, { name: target.name })
        : page.getByRole(target.role).first()
      ).waitFor();
      await page.waitForLoadState('networkidle');
      await context.close();

      // Every counted file is needed, and whatever else was fetched is one of the page's lazy parts.
      for (const file of size.files) expect(fetched, file).toContain(file);
      const uncounted = [...fetched].filter((f) => !size.files.includes(f) && !size.lazyFiles.includes(f));
      expect(uncounted).toEqual([]);
      // The public list's first page is announced with the page (Link: preload) and the app's request uses it.
      if (route === '/') expect(apiRequests).toEqual(['/api/public/queries?page=1&itemsPerPage=20']);
    });
  }
});

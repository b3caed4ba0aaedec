import { chromium, type Page } from 'playwright-core';

/**
 * The first load a carrier or a dispatcher on a slow link gets: Chromium on Chrome DevTools' "Fast 3G" (562.5 ms of
 * latency, 1.44 Mbit/s down, 675 kbit/s up, as Lighthouse and DevTools define it), a fresh profile (nothing cached),
 * then the same page again (cached). Timed from the navigation's start in the page's own clock:
 * - the login page usable: the login form's button shown;
 * - the public page's first queries visible: the first query card of the list;
 * - the carrier's link (/p/{token}, its own build: portal.html) drawn.
 */

export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

type Scenario = { name: string; path: string; ready: (page: Page) => Promise<unknown> };

const scenarios: Scenario[] = [
  {
    name: 'login page usable',
    path: '/login',
    ready: (page) => page.getByRole('button', { name: 'Zaloguj' }).waitFor(),
  },
  {
    name: 'public page: first queries visible',
    path: '/',
    ready: (page) =>
      page.getByRole('region', { name: 'Lista zapytań transportowych' }).getByRole('article').first().waitFor(),
  },
  {
    // The same JavaScript draws an order for a real link; an unknown one answers without seeding a sent order.
    name: "carrier's link: the page drawn",
    path: `/p/${'x'.repeat(43)}`,
    ready: (page) => page.getByRole('alert').first().waitFor(),
  },
];

export type FirstLoad = { name: string; coldMs: number; warmMs: number; kilobytes: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Each scenario `runs` times on a fresh profile (the median is reported), and once more with the cache warm. */
export async function measureFirstLoad(baseUrl: string, runs = 3): Promise<FirstLoad[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const results: FirstLoad[] = [];
  try {
    for (const scenario of scenarios) {
      const cold: number[] = [];
      const transferred: number[] = [];
      let warm = Number.NaN;
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
        const page = await context.newPage();
        page.setDefaultTimeout(60_000);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', FAST_3G);
        let bytes = 0;
        cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
          bytes += event.encodedDataLength;
        });
        const timed = async () => {
          await page.goto(baseUrl + scenario.path, { waitUntil: 'commit' });
          await scenario.ready(page);
          return page.evaluate(() => performance.now());
        };
        cold.push(await timed());
        transferred.push(bytes);
        // The same page again in the same profile: what a returning user gets (HTML revalidated, assets cached).
        if (run === runs - 1) warm = await timed();
        await context.close();
      }
      results.push({ name: scenario.name, coldMs: median(cold), warmMs: warm, kilobytes: median(transferred) / 1000 });
    }
  } finally {
    await browser.close();
  }
  return results;
}

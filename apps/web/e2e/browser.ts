import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { E2E_ADMIN } from './globalSetup.ts';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `args`: more Chromium flags, e.g. `--host-resolver-rules=MAP office.lan 127.0.0.1` to open the app by a LAN name. */
export async function launchBrowser(args: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...args,
    ],
  });
}

export const baseURL = () => inject('baseURL');

export async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
  context.setDefaultTimeout(10_000);
  return context;
}

/** Logs in through the form, as a person does, and waits for the queries page. */
export async function loginAs(page: Page, username = E2E_ADMIN.username, password = E2E_ADMIN.password) {
  await page.goto('/login');
  await page.getByLabel('Login').fill(username);
  await page.getByLabel('Hasło').fill(password);
  await page.getByRole('button', { name: 'Zaloguj' }).click();
  await page.getByText('Logowanie przebiegło pomyślnie!').waitFor();
  await page.waitForURL('**/queries');
}

export { E2E_ADMIN };

/**
 * Now as a clock in Warsaw shows it (the browser's zone in the walks), whatever the zone of the machine running the
 * tests: around midnight the two disagree about the day.
 */
export function warsawNow(): Date {
  return new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Warsaw' }));
}

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser } from './browser.ts';

/**
 * A colleague's computer: the app opened by the office computer's name over plain HTTP, not localhost (which browsers
 * treat as secure whatever the headers say). With `upgrade-insecure-requests` or HSTS the browser would ask for
 * every script over HTTPS and the page would stay blank.
 */

const OFFICE_HOST = 'office.lan';

describe('from another computer of the office (http://office.lan)', () => {
  let browser: Browser;
  const port = () => new URL(baseURL()).port;
  const officeUrl = (path: string) => `http://${OFFICE_HOST}:${port()}${path}`;

  beforeAll(async () => {
    browser = await launchBrowser([`--host-resolver-rules=MAP ${OFFICE_HOST} 127.0.0.1`]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A page that records what a person would see go wrong: failed loads, errors in the console. */
  async function officePage(): Promise<{ page: Page; problems: string[] }> {
    const context = await browser.newContext({ locale: 'pl-PL', timezoneId: 'Europe/Warsaw' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('requestfailed', (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    return { page, problems };
  }

  it('logs in and works in the app', async () => {
    const { page, problems } = await officePage();
    await page.goto(officeUrl('/login'));
    await page.getByLabel('Login').fill(E2E_ADMIN.username);
    await page.getByLabel('Hasło').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByText('Logowanie przebiegło pomyślnie!').waitFor();
    await page.waitForURL(`**${OFFICE_HOST}:${port()}/queries`);
    await page
      .getByRole('navigation', { name: 'Menu główne' })
      .getByRole('link', { name: 'Zlecenia', exact: true })
      .click();
    await page.waitForURL('**/orders');
    await page.getByRole('table', { name: 'Lista zleceń' }).waitFor();
    expect(problems).toEqual([]);
    expect(page.url().startsWith(`http://${OFFICE_HOST}:`)).toBe(true);
    await page.context().close();
  });

  it('shows the carriers their public page', async () => {
    const { page, problems } = await officePage();
    const response = await page.goto(officeUrl('/'));
    expect(response?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response?.headers()['strict-transport-security']).toBeUndefined();
    await page.getByRole('heading', { name: 'Zapytania transportowe' }).waitFor();
    await page.getByRole('region', { name: 'Lista zapytań transportowych' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, warsawNow } from './browser.ts';
import { apiAs } from './fixtures.ts';

/**
 * axe-core run on each screen a dispatcher works on: the login, the public page, the queries, orders, tasks, VAT
 * invoices and calendar pages, and the add and edit modals of a query and of an order. No serious or critical
 * violation may remain. The app's CSP refuses inline scripts (as it should): only this walk's browser context
 * bypasses it to inject axe, the server's policy is untouched.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const suffix = Date.now().toString(36);
const CARGO = `Stal w kręgach ${suffix}`;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[]; html: string }[] };

async function seriousViolations(page: Page): Promise<string[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected into the page, it has no types there.
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`)
          .join(' | ')}`,
    );
}

describe('accessibility: axe-core finds no serious or critical violation', () => {
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: baseURL(),
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
      viewport: { width: 1366, height: 768 },
      bypassCSP: true,
    });
    context.setDefaultTimeout(10_000);
    const token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token as string;
    const customer = await apiAs(token, 'POST', '/api/customers', { companyName: `Klient a11y ${suffix}` });
    const now = warsawNow();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const route = {
      cargo: CARGO,
      loadingCity: 'Kraków',
      loadingCountry: 'PL',
      loadingDate: today,
      unloadingCity: 'Wiedeń',
      unloadingCountry: 'AT',
      unloadingDate: today,
      customer: customer['@id'],
    };
    const query = await apiAs(token, 'POST', '/api/queries', route);
    await apiAs(token, 'POST', '/api/orders', { ...route, customerPrice: 250_000 });
    await apiAs(token, 'POST', '/api/tasks', {
      entry: query['@id'],
      phone: '500400300',
      comment: `Oddzwonić ${suffix}`,
      contactDate: new Date(Date.now() + 3600_000).toISOString(),
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('on the login and the public page', async () => {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Zaloguj' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Zapytania transportowe' }).waitFor();
    await page.getByRole('article').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('on the lists, with a skip link to the table, and on the query and order modals', async () => {
    const page = await context.newPage();
    await loginAs(page);

    // The queries list: the skip link is the first Tab stop and takes the focus to the table.
    const queries = page.getByRole('table', { name: 'Lista zapytań' });
    await queries.getByRole('row').nth(1).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Przejdź do tabeli' });
    await expect(skip.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await expect(
      page.evaluate(() => document.activeElement?.closest('table')?.getAttribute('aria-label')),
    ).resolves.toBe('Lista zapytań');
    // An inline-edit cell is named by what it shows.
    await queries
      .getByRole('button', { name: /^\S.* \(Edytuj: Towar\)$/ })
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Dodaj zapytanie' }).click();
    const addQuery = page.getByRole('dialog', { name: 'Dodaj zapytanie' });
    await addQuery.getByRole('button', { name: 'Zapisz' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await addQuery.getByRole('button', { name: 'Anuluj' }).click();
    await addQuery.waitFor({ state: 'hidden' });

    await queries
      .getByRole('row')
      .filter({ hasText: CARGO })
      .getByRole('button', { name: 'Edytuj', exact: true })
      .click();
    const editQuery = page.getByRole('dialog', { name: 'Edytuj zapytanie' });
    await editQuery.getByRole('button', { name: 'Zapisz' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await editQuery.waitFor({ state: 'hidden' });

    await page.goto('/orders');
    const orders = page.getByRole('table', { name: 'Lista zleceń' });
    await orders.getByRole('row').nth(1).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Dodaj zlecenie' }).click();
    const addOrder = page.getByRole('dialog', { name: 'Dodaj zlecenie' });
    await addOrder.getByRole('button', { name: 'Zapisz' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await addOrder.getByRole('button', { name: 'Anuluj' }).click();
    await addOrder.waitFor({ state: 'hidden' });

    await orders
      .getByRole('row')
      .filter({ hasText: CARGO })
      .getByRole('button', { name: 'Edytuj', exact: true })
      .click();
    const editOrder = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
    await editOrder.getByRole('button', { name: 'Zapisz' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await editOrder.waitFor({ state: 'hidden' });

    await page.goto('/tasks');
    await page.getByRole('table', { name: 'Lista zadań' }).getByRole('row').nth(1).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/invoices/vat');
    await page.getByRole('heading', { name: /Faktury VAT/ }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/loadings/calendar');
    await page.getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});

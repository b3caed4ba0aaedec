import { readFile } from 'node:fs/promises';
import { formatMoney } from '@spedycja/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext, warsawNow } from './browser.ts';
import { apiAs, filters, nav, toast, typeInto } from './fixtures.ts';

/**
 * The owner's walk on /stats: the year's figures as the API gives them, another range, the charts, marking a
 * receivable paid in the payments cockpit, and the orders list exported with its filter.
 */

const suffix = Date.now().toString(36);
const CARGO = `Stat-e2e-${suffix}`;
const CUSTOMER = `Dłużnik ${suffix}`;

const card = (page: Page, id: string) => page.getByTestId(`stats-card-${id}`);
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

describe('stats: figures, a range, charts, a receivable paid, an export', () => {
  let browser: Browser;
  let token: string;
  let orderNumber: string;
  const now = warsawNow();
  const today = iso(now);
  const year = now.getFullYear();

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await apiAs(token, 'POST', '/api/customers', { companyName: CUSTOMER, city: 'Łódź' });
    const carrier = await apiAs(token, 'POST', '/api/carriers', {
      companyName: `Przewoźnik ${suffix}`,
      phone: '600700800',
    });
    const shipment = {
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: today,
      unloadingCity: 'Łódź',
      unloadingCountry: 'PL',
      unloadingDate: today,
      customer: customer['@id'],
      carrier: carrier['@id'],
    };
    // Long overdue (first in the list), and an EUR one.
    const order = await apiAs(token, 'POST', '/api/orders', {
      ...shipment,
      cargo: CARGO,
      customerPrice: 480_000,
      carrierPrice: 400_000,
      customerDateOfPayment: '2020-01-02',
    });
    orderNumber = order.number;
    await apiAs(token, 'POST', '/api/orders', {
      ...shipment,
      cargo: `${CARGO}-eur`,
      customerPrice: 100_000,
      customerPriceCurrency: 'eur',
      euroExchangeRate: 430,
      carrierPrice: 350_000,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows what the API counts, another range, a chart, marks paid and exports', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);

    await nav(page).getByRole('link', { name: 'Statystyki' }).click();
    await page.waitForURL('**/stats');
    await page.getByRole('heading', { name: 'Statystyki', level: 1 }).waitFor();

    // This year, as the page starts: the cards say what the API says.
    const yearStats = await apiAs(token, 'GET', `/api/stats?from=${year}-01-01&to=${year}-12-31`);
    await card(page, 'orders').getByText(String(yearStats.orders), { exact: true }).waitFor();
    await card(page, 'revenue').getByText(formatMoney(yearStats.revenue, 'pln'), { exact: true }).waitFor();
    await card(page, 'margin').getByText(formatMoney(yearStats.margin, 'pln'), { exact: true }).waitFor();
    expect(yearStats.orders).toBeGreaterThanOrEqual(2);

    // The charts are drawn (recharts' SVG), one bar group per month.
    await page.getByTestId('stats-revenue-chart').locator('svg.recharts-surface').first().waitFor();
    await page.getByTestId('stats-conversion-chart').locator('svg.recharts-surface').first().waitFor();
    await page.getByText('Przychód i marża w miesiącach (zł)').waitFor();

    // Last month: other figures, again the API's.
    const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const last = new Date(now.getFullYear(), now.getMonth(), 0);
    const lastMonth = await apiAs(token, 'GET', `/api/stats?from=${iso(first)}&to=${iso(last)}`);
    await page.getByRole('button', { name: 'Poprzedni miesiąc' }).click();
    await expect
      .poll(
        () =>
          page
            .getByLabel('Zakres dat')
            .inputValue()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toContain(`${pad(first.getDate())}/${pad(first.getMonth() + 1)}/${first.getFullYear()}`);
    await card(page, 'orders').getByText(String(lastMonth.orders), { exact: true }).waitFor();
    await card(page, 'revenue').getByText(formatMoney(lastMonth.revenue, 'pln'), { exact: true }).waitFor();

    // The payments cockpit: our long-overdue receivable, in red, marked paid.
    const receivables = page.getByRole('table', { name: 'Lista należności' });
    const row = receivables.getByRole('row', { name: `Płatność zlecenia ${orderNumber}` });
    await row.waitFor();
    expect(await row.innerText()).toContain('4 800,00 zł');
    expect(await row.evaluate((el) => getComputedStyle(el).color)).toMatch(
      /^rgb\((2\d\d|1[5-9]\d), \d{1,2}, \d{1,2}\)$/,
    );
    await row.getByRole('button', { name: 'Oznacz jako opłacone' }).click();
    await page.getByRole('dialog', { name: 'Oznaczyć jako opłacone?' }).getByRole('button', { name: 'Tak' }).click();
    await toast(page, 'Płatność została oznaczona jako opłacona!').waitFor();
    await row.waitFor({ state: 'detached' });
    const paid = await apiAs(token, 'GET', `/api/orders?cargo=${CARGO}&customerPaid=true`);
    expect(paid['hydra:totalItems']).toBe(1);

    // The orders list, filtered to our two orders, exported as the table shows it.
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), CARGO);
    const table = page.getByRole('table', { name: 'Lista zleceń' });
    // The filter applied (it is in the address) and the table shows just our two orders.
    await page.waitForURL((url) => url.search.includes(encodeURIComponent(CARGO)));
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await expect.poll(() => table.getByRole('row').filter({ hasText: CARGO }).count()).toBe(2);
    await page.getByRole('button', { name: 'Eksportuj' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV (Excel)' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^zlecenia-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await file.path())).toString('utf8');
    expect(text.startsWith('\uFEFF#;Status;Towar;')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(
      lines.some((line) => line.includes(`${CARGO}-eur`) && line.includes(';1000,00;EUR;3500,00;PLN;800,00;')),
    ).toBe(true);
    await context.close();
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { filters, nav } from './fixtures.ts';

/**
 * Nothing lost, nothing overwritten: a double click on 'Zapisz' makes one query, and two dispatchers editing one
 * order in two browsers — the second save is refused with who changed what, and keeps what the second one typed.
 */

const suffix = Date.now().toString(36);
const CUSTOMER = `Klient Pewny ${suffix}`;
const QUERY_CARGO = `Rq-e2e-${suffix}`;
const ORDER_CARGO = `Ro-e2e-${suffix}`;

async function api(token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function chooseOption(page: Page, input: Locator, typed: string, option: string | RegExp) {
  await input.click();
  await input.pressSequentially(typed, { delay: 20 });
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

/** Opens the order modal of the walk's order from the orders list, found by its cargo; `beforeOpening` acts on the list. */
async function openOrder(page: Page, cargo: string, beforeOpening?: () => Promise<void>) {
  await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
  await page.waitForURL('**/orders');
  // The address changes before the router has drawn the screen: until then the queries' own 'Towar' filter is there.
  await page.getByRole('heading', { name: 'Zlecenia' }).waitFor();
  // The first page may already show the order; the list is the filtered one once the typed filter has gone out.
  const filtered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/orders' && url.searchParams.get('cargo') === cargo;
  });
  await filters(page).getByRole('textbox', { name: 'Filtr: Towar' }).pressSequentially(cargo, { delay: 10 });
  await filtered;
  const row = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: cargo });
  await row.waitFor();
  await beforeOpening?.();
  await row.getByRole('button', { name: 'Edytuj', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
  await dialog.getByRole('textbox', { name: 'Towar', exact: true }).waitFor();
  await expect.poll(() => dialog.getByRole('textbox', { name: 'Towar', exact: true }).inputValue()).toBe(cargo);
  return dialog;
}

describe('reliability: one record per submission, no silent overwrite', () => {
  let browser: Browser;
  let token: string;
  let orderUuid: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await api(null, 'POST', '/login', E2E_ADMIN)).token;
    const customer = await api(token, 'POST', '/customers', { companyName: CUSTOMER, country: 'PL' });
    const order = await api(token, 'POST', '/orders', {
      cargo: ORDER_CARGO,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      unloadingCity: 'Lyon',
      unloadingCountry: 'FR',
      loadingDate: '2026-12-14',
      unloadingDate: '2026-12-16',
      customer: customer['@id'],
      customerPrice: 450000,
    });
    orderUuid = order.uuid;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a double click on 'Zapisz' in the query modal makes one query", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('button', { name: 'Nowe zapytanie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj zapytanie' });
    await dialog.getByLabel('Miasto załadunku').pressSequentially('Gniezno', { delay: 10 });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Kraj załadunku' }), 'Pols', 'Polska');
    await dialog.getByLabel('Miasto rozładunku').pressSequentially('Lipsk', { delay: 10 });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Kraj rozładunku' }), 'Niem', 'Niemcy');
    await dialog.getByLabel('Data załadunku').fill('15.12.2026 08:00');
    await dialog.getByLabel('Data rozładunku').fill('16/12/2026');
    await dialog.getByRole('textbox', { name: 'Towar', exact: true }).fill(QUERY_CARGO);
    await chooseOption(
      page,
      dialog.getByRole('combobox', { name: 'Klient', exact: true }),
      CUSTOMER,
      new RegExp(suffix),
    );
    await dialog.getByRole('button', { name: 'Zapisz', exact: true }).dblclick();
    await page.getByText('Zapytanie zostało pomyślnie dodane!', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Whatever the second click did, it made no second query.
    const found = await api(token, 'GET', `/queries?cargo=${encodeURIComponent(QUERY_CARGO)}`);
    expect(found['hydra:totalItems']).toBe(1);
    await context.close();
  });

  it('two dispatchers edit one order: the second save shows the conflict and keeps what was typed', async () => {
    const first = await newContext(browser);
    const second = await newContext(browser);
    const pageA = await first.newPage();
    const pageB = await second.newPage();
    await loginAs(pageA);
    await loginAs(pageB);
    const dialogA = await openOrder(pageA, ORDER_CARGO);
    // The second dispatcher's list is being sorted when the order is opened: its answer comes only after the first
    // dispatcher's save, behind the open modal, with the order as changed. The form must stay on what it loaded.
    let releaseList: () => void = () => {};
    const listHeld = new Promise<void>((resolve) => {
      releaseList = resolve;
    });
    // The list filtered by the walk's cargo and sorted (the requests of the filter typed before the sort pass).
    const isOrdersList = (url: URL) =>
      url.pathname === '/api/orders' &&
      url.searchParams.get('cargo') === ORDER_CARGO &&
      [...url.searchParams.keys()].some((key) => key.startsWith('order['));
    const dialogB = await openOrder(pageB, ORDER_CARGO, async () => {
      await pageB.route(isOrdersList, async (route) => {
        await listHeld;
        await route.fulfill({ response: await route.fetch() });
      });
      await pageB
        .getByRole('table', { name: 'Lista zleceń' })
        .getByRole('columnheader', { name: 'Towar', exact: true })
        .getByRole('button')
        .click();
    });

    // The first dispatcher saves a change.
    await dialogA.getByRole('textbox', { name: 'Towar', exact: true }).fill(`${ORDER_CARGO} palety A`);
    await dialogA.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await dialogA.waitFor({ state: 'hidden' });
    const lateList = pageB.waitForResponse((response) => isOrdersList(new URL(response.url())));
    releaseList();
    expect((await (await lateList).json())['hydra:member'].map((o: { cargo: string }) => o.cargo)).toContain(
      `${ORDER_CARGO} palety A`,
    );
    await pageB.unroute(isOrdersList);

    // The second, still on the version both read, is refused: who changed what, and 'Wczytaj ponownie'.
    await dialogB.getByRole('textbox', { name: 'Towar', exact: true }).fill(`${ORDER_CARGO} palety B`);
    await dialogB.getByRole('button', { name: 'Zapisz', exact: true }).click();
    // The notice's title (the red 'Wystąpił błąd…' beside it quotes the same words).
    await pageB
      .getByText('Ten rekord został w międzyczasie zmieniony przez innego użytkownika.', { exact: true })
      .waitFor();
    await pageB
      .getByText(/palety A/)
      .first()
      .waitFor();
    await expect(dialogB.isVisible()).resolves.toBe(true);
    await expect(dialogB.getByRole('textbox', { name: 'Towar', exact: true }).inputValue()).resolves.toBe(
      `${ORDER_CARGO} palety B`,
    );
    let stored = await api(token, 'GET', `/orders/${orderUuid}`);
    expect(stored.cargo).toBe(`${ORDER_CARGO} palety A`);

    // Reloaded, checked, saved again: now the second dispatcher's value goes in on top of the first one's.
    await pageB.getByRole('button', { name: 'Wczytaj ponownie' }).click();
    await expect(dialogB.getByRole('textbox', { name: 'Towar', exact: true }).inputValue()).resolves.toBe(
      `${ORDER_CARGO} palety B`,
    );
    await dialogB.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await dialogB.waitFor({ state: 'hidden' });
    stored = await api(token, 'GET', `/orders/${orderUuid}`);
    expect(stored.cargo).toBe(`${ORDER_CARGO} palety B`);
    await first.close();
    await second.close();
  }, 120_000);
});

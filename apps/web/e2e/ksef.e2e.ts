import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfText } from '../../api/test/documents.ts';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext, warsawNow } from './browser.ts';

/**
 * The KSeF walk against the fake KSeF (KSEF_API_URL): the admin sets the KSeF token in the settings and checks the
 * connection, issues a VAT invoice from an order, sends it to KSeF from the list, sees it 'Przyjęta' with its KSeF
 * number, and downloads the PDF carrying that number.
 */

const suffix = Date.now().toString(36);
const CARGO = `KSeF-e2e-${suffix}`;
const CUSTOMER = `Nabywca KSeF ${suffix}`;

function randomNip(): string {
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  for (;;) {
    const digits = Array.from({ length: 9 }, (_, i) =>
      i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
    );
    const check = digits.reduce((sum, d, i) => sum + d * (weights[i] as number), 0) % 11;
    if (check < 10) return `${digits.join('')}${check}`;
  }
}
const NIP = randomNip();

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu główne' });
const filters = (page: Page) => page.getByRole('search', { name: 'Filtry' });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function apiAs(token: string | null, method: string, url: string, body?: unknown) {
  const response = await fetch(`${baseURL()}${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function typeInto(input: Locator, text: string) {
  await input.fill('');
  await input.pressSequentially(text, { delay: 10 });
}

describe('KSeF: connect, issue a VAT invoice, send it, see it accepted, download the PDF', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await apiAs(token, 'POST', '/api/customers', {
      companyName: CUSTOMER,
      nip: NIP,
      email: `ksef.${suffix}@nabywca.example`,
      streetAddress: 'ul. Fakturowa 9',
      postalCode: '61-131',
      city: 'Poznań',
      country: 'PL',
    });
    const now = warsawNow();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    await apiAs(token, 'POST', '/api/orders', {
      cargo: CARGO,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: today,
      unloadingCity: 'Warszawa',
      unloadingCountry: 'PL',
      unloadingDate: today,
      customer: customer['@id'],
      customerPrice: 180_000,
      customerDateOfPayment: today,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks an invoice to KSeF as the owner does', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);

    // Settings → KSeF: the token typed (never shown back, only its end), then 'Sprawdź połączenie'.
    await nav(page).getByRole('link', { name: 'Ustawienia' }).click();
    await page.waitForURL('**/settings');
    const section = page.getByRole('region', { name: 'KSeF' });
    await section.getByLabel('Token KSeF').waitFor();
    await typeInto(section.getByLabel('Token KSeF'), inject('ksefToken'));
    await section.getByRole('button', { name: 'Zapisz ustawienia KSeF' }).click();
    await toast(page, 'Ustawienia KSeF zostały zapisane.').waitFor();
    await section.getByText(`kończy się na …${inject('ksefToken').slice(-4)}`, { exact: false }).waitFor();
    await expect(section.getByLabel('Token KSeF').inputValue()).resolves.toBe('');
    await section.getByRole('button', { name: 'Sprawdź połączenie' }).click();
    await page
      .getByText(/^Połączenie z KSeF działa \(TEST, NIP \d{10}\)\.$/)
      .first()
      .waitFor();

    // A VAT invoice from the order's row.
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), CARGO);
    const orderRow = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: CARGO });
    await orderRow.waitFor();
    await orderRow.getByRole('button', { name: 'Wystaw fakturę' }).click();
    await page.getByRole('menuitem', { name: 'Wystaw fakturę VAT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nowa faktura VAT' });
    await dialog.getByLabel('Nazwa nabywcy').waitFor();
    await dialog.getByTestId('invoice-total-gross').filter({ hasText: '2 214,00 zł' }).waitFor();
    await dialog.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Faktura została pomyślnie dodana!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The list: not in KSeF yet; 'Wyślij do KSeF'; then 'Przyjęta' with its KSeF number.
    await nav(page).getByRole('link', { name: 'Faktury VAT' }).click();
    // The list may keep its filters in the address (?f=…).
    await page.waitForURL(/\/invoices\/vat(\?|$)/);
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Nabywca lub NIP' }), NIP);
    const row = page.getByRole('table', { name: 'Lista faktur VAT' }).getByRole('row').filter({ hasText: CUSTOMER });
    await row.getByLabel('KSeF: Nie wysłana').waitFor();
    await row.getByRole('button', { name: 'Wyślij do KSeF' }).click();
    await toast(page, 'Faktura została dodana do kolejki wysyłki do KSeF.').waitFor();
    await row.getByLabel('KSeF: Przyjęta').waitFor({ timeout: 30_000 });
    const ksefNumber = (await row.getByTestId('ksef-number').innerText()).trim();
    expect(ksefNumber).toMatch(/^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/);
    await expect(row.getByRole('button', { name: 'Wyślij do KSeF' }).count()).resolves.toBe(0);

    // The PDF now carries the KSeF number and KOD I's link.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Pobierz PDF' }).click(),
    ]);
    const content = await readFile(await file.path());
    const text = await pdfText(content);
    expect(text).toContain(`Numer KSeF: ${ksefNumber}`);
    expect(text).toContain('https://qr-test.ksef.mf.gov.pl/invoice/');
    // And the UPO.
    const [upo] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Pobierz UPO' }).click(),
    ]);
    expect((await readFile(await upo.path())).toString('utf8')).toContain(ksefNumber);
    await context.close();
  });
});

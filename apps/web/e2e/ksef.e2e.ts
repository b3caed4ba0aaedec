import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pdfText } from '../../api/test/documents.ts';
import { E2E_ADMIN, launchBrowser, loginAs, newContext, warsawNow } from './browser.ts';
import { apiAs, filters, nav, randomNip, toast, typeInto } from './fixtures.ts';

/**
 * The KSeF walk against the fake KSeF (KSEF_API_URL): the admin sets the KSeF token in the settings and checks the
 * connection, issues a VAT invoice from an order, sends it to KSeF from the list, sees it 'Przyjęta' with its KSeF
 * number, and downloads the PDF carrying that number.
 */

const suffix = Date.now().toString(36);
const CARGO = `KSeF-e2e-${suffix}`;
const CUSTOMER = `Nabywca KSeF ${suffix}`;

const NIP = randomNip();

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
    await orderRow.getByRole('button', { name: 'Więcej akcji' }).click();
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

    // A carrier's invoice arrives in KSeF: 'Pobierz z KSeF' on the carriers' invoices, then its PDF.
    const { nip } = await apiAs(token, 'GET', '/api/ksef/config');
    const carrierInvoice = `TR/${suffix}`;
    const added = await fetch(`${inject('ksefFakeUrl')}/__fake/received`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        buyerNip: nip,
        invoices: [
          {
            sellerNip: '7251801126',
            sellerName: 'Trans-Walk',
            invoiceNumber: carrierInvoice,
            issueDate: '2026-11-20',
            net: 90_000,
          },
        ],
      }),
    });
    expect(added.ok).toBe(true);
    await nav(page).getByRole('link', { name: 'Faktury przewoźników' }).click();
    await page.waitForURL(/\/invoices\/received(\?|$)/);
    await page.getByRole('button', { name: 'Pobierz z KSeF' }).click();
    const received = page
      .getByRole('table', { name: 'Lista faktur przewoźników' })
      .getByRole('row', { name: `Faktura przewoźnika ${carrierInvoice}` });
    await received.waitFor();
    const [receivedPdf] = await Promise.all([
      page.waitForEvent('download'),
      received.getByRole('button', { name: 'Pobierz PDF' }).click(),
    ]);
    expect(receivedPdf.suggestedFilename()).toBe(`TR-${suffix}.pdf`);
    const receivedText = (await pdfText(await readFile(await receivedPdf.path()))).replace(/\s+/g, ' ');
    expect(receivedText).toContain(`Faktura VAT nr ${carrierInvoice}`);
    expect(receivedText).toContain('Trans-Walk');
    await context.close();
  });
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext, warsawNow } from './browser.ts';
import { apiAs, filters, nav, randomNip, toast, typeInto } from './fixtures.ts';

/**
 * The invoices walk: issue a VAT invoice from an order's row, find it in the month's list, download its PDF, send it
 * to the buyer, and issue a corrective of it.
 */

const suffix = Date.now().toString(36);
const CARGO = `Fv-e2e-${suffix}`;
const CUSTOMER = `Nabywca Faktur ${suffix}`;

/** A Polish NIP with a valid checksum, different on every run (the customers' NIPs are unique). */
const NIP = randomNip();

async function download(page: Page, button: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return { name: file.suggestedFilename(), content: await readFile(await file.path()) };
}

describe('invoices: from an order to the month’s list, PDF, sending and a corrective', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await apiAs(token, 'POST', '/api/customers', {
      companyName: CUSTOMER,
      nip: NIP,
      email: `faktury.${suffix}@nabywca.example`,
      streetAddress: 'ul. Fakturowa 7',
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
      customerPrice: 250_000,
      customerDateOfPayment: today,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks an invoice through its life as the owner does', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);

    // The order's row menu issues its VAT invoice: the modal is the order's draft.
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), CARGO);
    const orderRow = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: CARGO });
    await orderRow.waitFor();
    await orderRow.getByRole('button', { name: 'Więcej akcji' }).click();
    await page.getByRole('menuitem', { name: 'Wystaw fakturę VAT' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nowa faktura VAT' });
    await dialog.getByLabel('Nazwa nabywcy').waitFor();
    await expect(dialog.getByLabel('Nazwa nabywcy').inputValue()).resolves.toBe(CUSTOMER);
    await expect(dialog.getByLabel('NIP nabywcy').inputValue()).resolves.toBe(NIP);
    await expect(dialog.getByLabel('Nazwa sprzedawcy').inputValue()).resolves.not.toBe('');
    // Domestic route, Polish buyer: 23 %; the positions' total is the order's price plus VAT.
    await dialog.getByTestId('invoice-total-gross').filter({ hasText: '3 075,00 zł' }).waitFor();

    // The payment term: the shortcut labelled 45 adds 45 days.
    const term = dialog.getByRole('group', { name: 'Termin płatności' });
    await term.getByRole('button', { name: '45 dni' }).click();
    const in45 = warsawNow();
    in45.setDate(in45.getDate() + 45);
    const dd = (n: number) => String(n).padStart(2, '0');
    await expect(term.getByLabel('Termin płatności').inputValue()).resolves.toBe(
      `${dd(in45.getDate())}/${dd(in45.getMonth() + 1)}/${in45.getFullYear()}`,
    );

    // The dates typed, not picked: the issue day with a time (a day field keeps the day), the sale the day before.
    const today = warsawNow();
    const dayBefore = warsawNow();
    dayBefore.setDate(dayBefore.getDate() - 1);
    const dotted = (d: Date) => `${dd(d.getDate())}.${dd(d.getMonth() + 1)}.${d.getFullYear()}`;
    const iso = (d: Date) => `${d.getFullYear()}-${dd(d.getMonth() + 1)}-${dd(d.getDate())}`;
    const issued = dialog.getByLabel('Data wystawienia');
    await issued.fill(`${dotted(today)} 10:00`);
    await issued.press('Tab');
    await expect(issued.inputValue()).resolves.toBe(dotted(today).replaceAll('.', '/'));
    const sold = dialog.getByLabel('Data sprzedaży');
    await sold.fill(dotted(dayBefore));
    await sold.press('Tab');
    await expect(sold.inputValue()).resolves.toBe(dotted(dayBefore).replaceAll('.', '/'));
    // Wide enough for a day with its time.
    expect((await issued.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(120);

    // An invalid form is not saved: Zapisz marks the field in error and keeps the dialog; corrected, it saves.
    const save = dialog.getByRole('button', { name: 'Zapisz', exact: true });
    await dialog.getByLabel('Miasto nabywcy').fill('');
    await save.click();
    await expect(dialog.getByLabel('Miasto nabywcy').getAttribute('aria-invalid')).resolves.toBe('true');
    await typeInto(dialog.getByLabel('Miasto nabywcy'), 'Poznań');
    await save.click();
    await toast(page, 'Faktura została pomyślnie dodana!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const [saved] = (await apiAs(token, 'GET', `/api/invoices?type=vat&customerNip=${NIP}`))['hydra:member'];
    expect(saved.createdDate.slice(0, 10)).toBe(iso(today));
    expect(saved.saleDate.slice(0, 10)).toBe(iso(dayBefore));

    // The month's list (it starts at the current month): found by the buyer.
    await nav(page).getByRole('link', { name: 'Faktury VAT' }).click();
    await page.waitForURL('**/invoices/vat');
    await page.getByRole('heading', { name: 'Faktury VAT' }).waitFor();
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Nabywca lub NIP' }), NIP);
    const table = page.getByRole('table', { name: 'Lista faktur VAT' });
    const row = table.getByRole('row').filter({ hasText: CUSTOMER });
    await row.waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    const cells = await row.innerText();
    expect(cells).toContain('2 500,00 zł');
    expect(cells).toContain('575,00 zł');
    expect(cells).toContain('3 075,00 zł');
    const number = (await row.getByRole('cell').first().innerText()).trim();
    expect(number).toMatch(/^\d+\/\d{2}\/\d{4}$/);
    await page.getByTestId('invoice-totals-pln').filter({ hasText: 'brutto 3 075,00 zł' }).waitFor();

    // The PDF under the server's name.
    const pdf = await download(page, row.getByRole('button', { name: 'Pobierz PDF' }));
    expect(pdf.name).toBe(`faktura_vat_${number.replaceAll('/', '-')}.pdf`);
    expect(pdf.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
    // And the FA(3) XML.
    const xml = await download(page, row.getByRole('button', { name: 'Pobierz FA(3) XML' }));
    expect(xml.name).toBe(`FA3_faktura_vat_${number.replaceAll('/', '-')}.xml`);
    expect(xml.content.toString('utf8')).toContain(`<P_2>${number}</P_2>`);

    // Sent to the buyer: the notification, the row says so, and the message is written (no SMTP in the walks).
    await expect(row.getByLabel('Wysłana: Nie').count()).resolves.toBe(1);
    await row.getByRole('button', { name: 'Wyślij fakturę' }).click();
    await toast(page, 'Faktura została wysłana do nabywcy!').waitFor();
    await row.getByLabel('Wysłana: Tak').waitFor();
    const mailDir = path.join(inject('dataDir'), 'mail');
    await expect
      .poll(async () => {
        const files = await readdir(mailDir).catch(() => [] as string[]);
        const texts = await Promise.all(files.map((f) => readFile(path.join(mailDir, f), 'utf8')));
        return texts.some(
          (text) => text.includes(`faktury.${suffix}@nabywca.example`) && text.includes('application/pdf'),
        );
      })
      .toBe(true);

    // A corrective of it: the corrected number preset, the reason typed, the difference as a negative price.
    await row.getByRole('button', { name: 'Wystaw fakturę korygującą' }).click();
    const correction = page.getByRole('dialog', { name: 'Nowa faktura korygująca' });
    await correction.getByLabel('Numer faktury korygowanej').waitFor();
    await expect(correction.getByLabel('Numer faktury korygowanej').inputValue()).resolves.toBe(number);
    await typeInto(correction.getByLabel('Przyczyna korekty'), 'Obniżka ceny za opóźnienie');
    await typeInto(correction.getByLabel('Ilość 1'), '1');
    await typeInto(correction.getByLabel('Cena netto 1'), '-100');
    await correction.getByTestId('invoice-total-gross').filter({ hasText: '-123,00 zł' }).waitFor();
    await correction.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Faktura została pomyślnie dodana!').waitFor();
    await correction.waitFor({ state: 'hidden' });

    await nav(page).getByRole('link', { name: 'Faktury korygujące' }).click();
    await page.waitForURL('**/invoices/corrective');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Nabywca lub NIP' }), NIP);
    const correctiveRow = page
      .getByRole('table', { name: 'Lista faktur korygujących' })
      .getByRole('row')
      .filter({ hasText: CUSTOMER });
    await correctiveRow.filter({ hasText: '-123,00 zł' }).waitFor();
    await context.close();
  });
});

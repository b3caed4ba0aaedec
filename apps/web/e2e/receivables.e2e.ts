import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, createPayer, createVatInvoice, filters, nav, randomNip, toast, typeInto } from './fixtures.ts';

/** Issue 26: the owner books a part payment and then the rest on an invoice; its state follows in the list. */

const suffix = Date.now().toString(36);
const CUSTOMER = `Płatnik ${suffix}`;
const NIP = randomNip();

describe('receivables: payments on an invoice', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await createPayer(token, { companyName: CUSTOMER, nip: NIP });
    await createVatInvoice(token, customer);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('books a part payment, then the rest: partly paid with the rest shown, then paid', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Faktury VAT' }).click();
    await page.waitForURL('**/invoices/vat');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Nabywca lub NIP' }), NIP);
    const table = page.getByRole('table', { name: 'Lista faktur VAT' });
    const row = table.getByRole('row').filter({ hasText: CUSTOMER });
    await row.getByText('Niezapłacona').waitFor();

    await row.getByRole('button', { name: 'Płatności' }).click();
    const dialog = page.getByRole('dialog', { name: /^Płatności faktury/ });
    await dialog.getByText('Brak zaksięgowanych płatności.').waitFor();
    const amount = dialog.getByLabel('Kwota');
    await expect(amount.inputValue()).resolves.toBe('1230,00');
    await amount.fill('');
    await typeInto(amount, '500,00');
    // A note typed key by key (issue 34: the third letter crashed the page and the payment was not booked).
    await typeInto(dialog.getByLabel('Uwagi'), 'Wpłata z kasy, KP 12/2026');
    await expect(dialog.getByLabel('Uwagi').inputValue()).resolves.toBe('Wpłata z kasy, KP 12/2026');
    await dialog.getByRole('button', { name: 'Zaksięguj płatność' }).click();
    await toast(page, 'Płatność została zaksięgowana!').waitFor();
    const booked = dialog.getByRole('table', { name: 'Płatności faktury' });
    await booked.getByText('500,00 zł').waitFor();
    await booked.getByText('Wpłata z kasy, KP 12/2026').waitFor();
    await row.getByText('Częściowo zapłacona').waitFor();
    await row.getByText('pozostało 730,00 zł').waitFor();

    // Found by its payment state (the status filters read the open invoices' indexes): 'Częściowo zapłacona' keeps it,
    // 'Po terminie' hides it (it is due in 2099), and back.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const status = filters(page).getByRole('combobox', { name: 'Filtr: Stan płatności' });
    const showOnly = async (label: string) => {
      await status.click();
      await page.getByRole('option', { name: label, exact: true }).click();
      await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    };
    await showOnly('Częściowo zapłacona');
    await row.getByText('pozostało 730,00 zł').waitFor();
    await showOnly('Po terminie');
    await table.getByText('Brak danych do wyświetlenia').waitFor();
    await showOnly('Częściowo zapłacona');
    await row.getByText('Częściowo zapłacona').waitFor();
    // Chosen again, the state is let go: the paid invoice stays in the list below.
    await showOnly('Częściowo zapłacona');
    await expect(status.inputValue()).resolves.toBe('');
    await row.getByRole('button', { name: 'Płatności' }).click();

    // The rest is what the form proposes now.
    await expect.poll(() => dialog.getByLabel('Kwota').inputValue()).toBe('730,00');
    await dialog.getByRole('button', { name: 'Zaksięguj płatność' }).click();
    await row.getByText('Zapłacona', { exact: true }).waitFor();
    await context.close();
  });
});

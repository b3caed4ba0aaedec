import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, createPayer, createVatInvoice, filters, nav, randomNip, toast, typeInto } from './fixtures.ts';

/** Issue 26: the owner sends an invoice's payment reminder and sees it among the reminders sent. */

const suffix = Date.now().toString(36);
const CUSTOMER = `Dłużnik ${suffix}`;
const NIP = randomNip();

describe('reminders: a reminder sent on an invoice', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await createPayer(token, {
      companyName: CUSTOMER,
      nip: NIP,
      email: `ksiegowosc-${suffix}@example.com`,
    });
    await createVatInvoice(token, customer);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends the current step from the invoice and lists it: 3 dni przed terminem', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Faktury VAT' }).click();
    await page.waitForURL('**/invoices/vat');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Nabywca lub NIP' }), NIP);
    const row = page.getByRole('table', { name: 'Lista faktur VAT' }).getByRole('row').filter({ hasText: CUSTOMER });
    await row.getByRole('button', { name: 'Płatności' }).click();
    const dialog = page.getByRole('dialog', { name: /^Płatności faktury/ });
    const section = dialog.getByRole('region', { name: 'Przypomnienia' });
    await section.getByText('Nie wysłano jeszcze żadnego przypomnienia.').waitFor();
    await section.getByRole('button', { name: 'Wyślij przypomnienie teraz' }).click();
    await toast(page, 'Przypomnienie zostało wysłane.').waitFor();
    const sent = section.getByRole('table', { name: 'Wysłane przypomnienia' });
    await sent.getByText('3 dni przed terminem').waitFor();
    await expect(sent.getByText('ręcznie').count()).resolves.toBe(1);
    // Issue 34: the step went, so the button is off and the section says when it went and what comes next.
    await section
      .getByText(/zostało już wysłane \(\d\d:\d\d, \d\d\/\d\d\/\d{4}\); następny krok „1 dzień po terminie”/)
      .waitFor();
    await expect(section.getByRole('button', { name: 'Wyślij przypomnienie teraz' }).isDisabled()).resolves.toBe(true);
    await context.close();
  });
});

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, createPayer, createVatInvoice, filters, nav, randomNip, typeInto } from './fixtures.ts';

/** Issue 26: on an overdue invoice the owner opens 'Odsetki', sees the periods and downloads an interest note. */

const suffix = Date.now().toString(36);
const CUSTOMER = `Dłużnik ${suffix}`;
const NIP = randomNip();

describe('interest: a note on an overdue invoice', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await createPayer(token, { companyName: CUSTOMER, nip: NIP, streetAddress: 'ul. Spóźniona 1' });
    await createVatInvoice(token, customer, { paymentDate: '2025-06-20' });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the interest per rate period and downloads the interest note as a PDF', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Faktury VAT' }).click();
    await page.waitForURL('**/invoices/vat');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Nabywca lub NIP' }), NIP);
    const row = page.getByRole('table', { name: 'Lista faktur VAT' }).getByRole('row').filter({ hasText: CUSTOMER });
    await row.getByRole('button', { name: 'Odsetki' }).click();
    const dialog = page.getByRole('dialog', { name: /^Odsetki – faktura/ });
    const periods = dialog.getByRole('table', { name: 'Odsetki w okresach' });
    // From 21/06/2025: 15,75 % to the end of June, 15,25 % from 01/07/2025.
    await periods.getByText('21/06/2025 – 30/06/2025').waitFor();
    await periods.getByText('15,25 %').first().waitFor();
    await dialog.getByText(/40 EUR =/).waitFor();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Nota odsetkowa' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^nota-odsetkowa-NO-\d+-\d{2}-\d{4}\.pdf$/);
    const { readFile } = await import('node:fs/promises');
    const content = await readFile(await file.path());
    expect(content.subarray(0, 5).toString()).toBe('%PDF-');
    await dialog.getByRole('button', { name: /^Pobierz NO\// }).waitFor();
    await context.close();
  });
});

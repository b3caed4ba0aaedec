import { interestMessages } from '@spedycja/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, createPayer, createVatInvoice, filters, nav, randomNip, typeInto } from './fixtures.ts';

/**
 * Issue 26: on an overdue invoice the owner opens 'Odsetki', sees the periods and downloads an interest note; with
 * NBP down the note is made of the interest alone, saying why, or with the EUR rate the owner types.
 */

const suffix = Date.now().toString(36);
const CUSTOMER = `Dłużnik ${suffix}`;
const NIP = randomNip();
const OFFLINE_CUSTOMER = `Dłużnik bez NBP ${suffix}`;
const OFFLINE_NIP = randomNip();

/** NBP down (503 to every rate) or up again: the fake the e2e server asks. */
const nbpFailing = (fail503: boolean) =>
  fetch(`${inject('nbpFakeUrl')}/__fake/switches`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fail503 }),
  });

describe('interest: a note on an overdue invoice', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await createPayer(token, { companyName: CUSTOMER, nip: NIP, streetAddress: 'ul. Spóźniona 1' });
    await createVatInvoice(token, customer, { paymentDate: '2025-06-20' });
    const offline = await createPayer(token, {
      companyName: OFFLINE_CUSTOMER,
      nip: OFFLINE_NIP,
      streetAddress: 'ul. Spóźniona 2',
    });
    // Due in March: a month whose rate no walk has read (the server remembers a day's rate once read).
    await createVatInvoice(token, offline, { paymentDate: '2025-03-20' });
  });
  afterAll(async () => {
    await nbpFailing(false);
    await browser?.close();
  });

  /** Logged in, the customer's invoice found on 'Faktury VAT' and its 'Odsetki' open. */
  async function openInterest(nip: string, customer: string) {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Faktury VAT' }).click();
    await page.waitForURL('**/invoices/vat');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Nabywca lub NIP' }), nip);
    const row = page.getByRole('table', { name: 'Lista faktur VAT' }).getByRole('row').filter({ hasText: customer });
    await row.getByRole('button', { name: 'Odsetki' }).click();
    return { context, page, dialog: page.getByRole('dialog', { name: /^Odsetki – faktura/ }) };
  }

  it('shows the interest per rate period and downloads the interest note as a PDF', async () => {
    const { context, page, dialog } = await openInterest(NIP, CUSTOMER);
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

  it('with NBP down makes the note of the interest alone and says so, then one with the rate typed', async () => {
    expect((await nbpFailing(true)).status).toBe(204);
    const { context, page, dialog } = await openInterest(OFFLINE_NIP, OFFLINE_CUSTOMER);
    await dialog.getByText('Rekompensata: NBP nie odpowiedział, kurs EUR nieznany.').waitFor();

    await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Nota odsetkowa' }).click()]);
    await dialog.getByRole('alert').filter({ hasText: interestMessages.compensationWithoutNbp }).waitFor();
    await page.getByText('Nota odsetkowa została utworzona!').first().waitFor();
    // No failure notice at all, let alone a garbled one ('Wystąpił błąd podczas Nie udało się…').
    expect(await page.getByText(/Wystąpił błąd|Nie udało się/).count()).toBe(0);

    await dialog.getByRole('textbox', { name: 'Kurs średni EUR (NBP)' }).fill('4,2915');
    await dialog.getByRole('textbox', { name: 'Numer tabeli NBP' }).fill('056/A/NBP/2025');
    await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Nota odsetkowa' }).click()]);
    // 40 EUR × 4,2915 zł: the second note carries the compensation.
    await dialog.getByText(/\+ 171,66 zł/).waitFor();
    expect(await dialog.getByText(interestMessages.compensationWithoutNbp).count()).toBe(0);
    await context.close();
  });
});

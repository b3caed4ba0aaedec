import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, filters, nav, toast, typeInto } from './fixtures.ts';

/**
 * Issue 24's walk against the local GUS and white-list fakes (globalSetup): a carrier added by NIP with 'Pobierz z
 * GUS', checked on the white list, its listed account added; that account picked on an order; the payable marked paid
 * in the payments cockpit; the list's proof kept naming the order, in the API and on the carrier's 'Weryfikacje'.
 */

const NIP = '5261040828'; // TRANS-POL in the fakes, with this account on the list.
const ACCOUNT = '61 1090 1014 0000 0712 1981 2874';
const COMPANY = 'TRANS-POL SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ';
const suffix = Date.now().toString(36);
const CARGO = `Weryfikacja ${suffix}`;

const carriersTable = (page: Page) => page.getByRole('table', { name: 'Lista przewoźników' });

describe('verification: GUS, the white list, an order paid with the proof kept', () => {
  let browser: Browser;
  let token: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a carrier from GUS, takes its account from the white list, pays an order to it and shows the proof', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);

    // Add by NIP: GUS fills the company.
    await nav(page).getByRole('link', { name: 'Przewoźnicy', exact: true }).click();
    await page.waitForURL('**/carriers');
    await page.getByRole('button', { name: 'Dodaj przewoźnika' }).click();
    const add = page.getByRole('dialog', { name: 'Dodaj przewoźnika' });
    await add.getByLabel('NIP', { exact: true }).pressSequentially(NIP, { delay: 5 });
    await add.getByRole('button', { name: 'Pobierz z GUS' }).click();
    await add.getByRole('status').filter({ hasText: 'REGON 000331501' }).waitFor();
    await expect.poll(() => add.getByRole('textbox', { name: 'Nazwa firmy', exact: true }).inputValue()).toBe(COMPANY);
    await add.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Przewoźnik został pomyślnie dodany!').waitFor();
    await add.waitFor({ state: 'hidden' });

    // Saved: checked on the white list, its listed account added with one click.
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Szukaj' }), 'TRANS-POL');
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    const row = carriersTable(page).getByRole('row').filter({ hasText: 'TRANS-POL' }).first();
    await row.getByRole('button', { name: 'Edytuj' }).click();
    const edit = page.getByRole('dialog', { name: 'Edytuj przewoźnika' });
    await edit.getByRole('button', { name: 'Sprawdź na białej liście' }).click();
    await edit.getByText('Czynny', { exact: true }).waitFor();
    await edit.getByRole('button', { name: `Dodaj rachunek ${ACCOUNT}` }).click();
    await edit.getByText(`${ACCOUNT} · dodany`).waitFor();
    await edit.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Przewoźnik został pomyślnie zaktualizowany!').waitFor();
    await edit.waitFor({ state: 'hidden' });

    // An order to it (prepared through the API), whose carrier account is picked in the form.
    const carriers = await apiAs(token, 'GET', `/api/carriers?nip=${NIP}`);
    const carrier = carriers['hydra:member'][0];
    expect(carrier.bankAccounts).toEqual([ACCOUNT.replaceAll(' ', '')]);
    const customer = await apiAs(token, 'POST', '/api/customers', { companyName: `Klient ${suffix}` });
    const today = new Date().toISOString().slice(0, 10);
    const order = await apiAs(token, 'POST', '/api/orders', {
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: today,
      unloadingCity: 'Łódź',
      unloadingCountry: 'PL',
      unloadingDate: today,
      cargo: CARGO,
      customer: customer['@id'],
      carrier: carrier['@id'],
      customerPrice: 2_600_000,
      carrierPrice: 2_000_000,
      carrierDateOfPayment: '2020-01-02',
    });
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), CARGO);
    const orderRow = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: CARGO });
    await orderRow.getByRole('button', { name: 'Edytuj', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
    const account = form.getByRole('combobox', { name: 'Rachunek przewoźnika do zapłaty' });
    await account.click();
    await account.pressSequentially('2874', { delay: 20 });
    await page.getByRole('option', { name: ACCOUNT, exact: true }).click();
    await form.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await apiAs(token, 'GET', `/api/orders/${order.uuid}`)).carrierBankAccount)
      .toBe(ACCOUNT.replaceAll(' ', ''));

    // The payments cockpit: the payable, marked paid; the list confirms the account.
    await nav(page).getByRole('link', { name: 'Statystyki' }).click();
    await page.waitForURL('**/stats');
    await page.getByText('Zobowiązania', { exact: true }).click();
    const payable = page
      .getByRole('table', { name: 'Lista zobowiązań' })
      .getByRole('row', { name: `Płatność zlecenia ${order.number}` });
    await payable.getByRole('button', { name: 'Oznacz jako opłacone' }).click();
    await page.getByRole('dialog', { name: 'Oznaczyć jako opłacone?' }).getByRole('button', { name: 'Tak' }).click();
    await toast(page, 'Płatność została oznaczona jako opłacona!').waitFor();
    await payable.waitFor({ state: 'detached' });

    // The proof in the carrier's 'Weryfikacje', naming the order.
    await nav(page).getByRole('link', { name: 'Przewoźnicy', exact: true }).click();
    await page.waitForURL('**/carriers');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Szukaj' }), 'TRANS-POL');
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await carriersTable(page)
      .getByRole('row')
      .filter({ hasText: 'TRANS-POL' })
      .first()
      .getByRole('button', { name: 'Edytuj' })
      .click();
    // The newest check is the payment's: the list's requestId, kept naming the order.
    const [latest] = (await apiAs(token, 'GET', `/api/carriers/${carrier.uuid}/verifications`))['hydra:member'];
    expect(latest).toMatchObject({ source: 'whitelist', outcome: 'ok', order: order['@id'] });
    expect(latest.proofId).toEqual(expect.any(String));
    // On screen: the newest row of 'Weryfikacje' is that check, with its proof and the order's number.
    const newest = page
      .getByRole('dialog', { name: 'Edytuj przewoźnika' })
      .getByRole('table', { name: 'Historia weryfikacji' })
      .getByRole('row')
      .nth(1);
    await expect.poll(() => newest.innerText()).toContain(order.number);
    const cells = (await newest.innerText()).replace(/\s+/g, ' ');
    expect(cells).toContain('Biała lista');
    expect(cells).toContain('pozytywny');
    expect(cells).toContain(latest.proofId);
    await context.close();
  }, 180_000);
});

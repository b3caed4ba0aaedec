import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import {
  apiAs,
  createPayer,
  createVatInvoice,
  filters,
  nav,
  randomNip,
  toast,
  typeInto,
  warsawDay,
} from './fixtures.ts';

/**
 * Issue 26, debtors: a customer with a VAT invoice unpaid for 45 days is 'Dłużnik' in the customers list (and its
 * filter) and in the order form's picker; saving an order for it asks for a confirmation naming what it owes.
 */

const suffix = Date.now().toString(36);
const DEBTOR = `Dłużnik Walk ${suffix}`;
const NIP = randomNip();
const CARGO = `Zd-e2e-${suffix}`;

/** 'DD.MM.YYYY' as the date inputs take it. */
const typedDay = (days: number) => warsawDay(days).split('-').reverse().join('.');

async function pick(page: Page, dialog: Locator, label: string, typed: string, option: RegExp) {
  const input = dialog.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: option }).click();
}

describe('debtors: the badge, the filter and the confirmation of an order', () => {
  let browser: Browser;
  let token: string;
  let debtorIri: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    // The walks share the database: blocking stays as the settings say (off unless a walk turned it on).
    await apiAs(token, 'PUT', '/api/settings/blockOrdersForDebtors', { value: 'nie' });
    const customer = await createPayer(token, { companyName: DEBTOR, nip: NIP, streetAddress: 'ul. Zaległa 1' });
    // Issued 60 days ago, due 45 days ago, not paid: past the 30 days of 'Dłużnik po ilu dniach zwłoki'.
    await createVatInvoice(token, customer, {
      createdDate: warsawDay(-60),
      saleDate: warsawDay(-60),
      paymentDate: warsawDay(-45),
    });
    debtorIri = customer['@id'];
    const read = await apiAs(token, 'GET', `/api/customers/${customer.uuid}`);
    expect(read).toMatchObject({ debtor: true, overdueAmount: 123_000 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows 'Dłużnik' in the list and the picker, and asks before an order for the debtor is saved", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);

    // The customers list: the badge beside the name, what is overdue, and the filter.
    await nav(page).getByRole('link', { name: 'Klienci', exact: true }).click();
    await page.waitForURL('**/customers');
    const table = page.getByRole('table', { name: 'Lista klientów' });
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Szukaj' }), suffix);
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    const row = table.getByRole('row').filter({ hasText: DEBTOR });
    await row.getByText('Dłużnik', { exact: true }).waitFor();
    await row.getByText('1230,00 zł').or(row.getByText('1 230,00 zł')).waitFor();
    const debtorFilter = filters(page).getByRole('combobox', { name: 'Filtr: Dłużnicy' });
    await debtorFilter.click();
    await page.getByRole('option', { name: 'Bez dłużników', exact: true }).click();
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await row.waitFor({ state: 'detached' });
    await debtorFilter.click();
    await page.getByRole('option', { name: 'Tylko dłużnicy', exact: true }).click();
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await row.getByText('Dłużnik', { exact: true }).waitFor();

    // A new order: the picker marks the debtor; the save asks first, and the order is saved once confirmed.
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    await page.getByRole('button', { name: 'Dodaj zlecenie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj zlecenie' });
    await typeInto(dialog.getByLabel('Miasto załadunku', { exact: true }), 'Poznań');
    await pick(page, dialog, 'Kraj załadunku', 'PL', /^Polska$/);
    await dialog.getByLabel('Data załadunku').fill(`${typedDay(7)} 08:00`);
    await typeInto(dialog.getByLabel('Miasto rozładunku', { exact: true }), 'Lyon');
    await pick(page, dialog, 'Kraj rozładunku', 'fr', /^Francja$/);
    await dialog.getByLabel('Data rozładunku').fill(typedDay(9));
    await typeInto(dialog.getByRole('textbox', { name: 'Towar', exact: true }), CARGO);
    const customerInput = dialog.getByRole('combobox', { name: 'Klient', exact: true });
    await customerInput.click();
    await customerInput.pressSequentially(DEBTOR.slice(0, 14), { delay: 20 });
    const option = page.getByRole('option', { name: new RegExp(suffix) });
    await option.getByText('Dłużnik', { exact: true }).waitFor();
    await option.click();
    // Chosen: the badge stays under the picker.
    await dialog.getByText('Dłużnik', { exact: true }).waitFor();
    await typeInto(dialog.getByRole('textbox', { name: 'Cena klienta', exact: true }), '2 000,00');
    await dialog.getByRole('button', { name: 'Zapisz', exact: true }).click();

    const confirm = page.getByRole('dialog', { name: 'Klient jest dłużnikiem' });
    await confirm.getByText(/faktury nieopłacone po terminie na kwotę 1\s?230,00 zł/).waitFor();
    // Cancelled: nothing is saved and the form stays.
    await confirm.getByRole('button', { name: 'Anuluj' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect(dialog.isVisible()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await confirm.getByRole('button', { name: 'Zapisz mimo to' }).click();
    await toast(page, 'Zlecenie zostało pomyślnie dodane!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const orders = await apiAs(token, 'GET', `/api/orders?cargo=${encodeURIComponent(CARGO)}`);
    expect(orders['hydra:totalItems']).toBe(1);
    // In the orders table the customer's cell says it too.
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), CARGO);
    const orderRow = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: CARGO });
    await orderRow.getByText('Dłużnik', { exact: true }).waitFor();
    await context.close();
  });

  it("with 'Blokuj zlecenia dla dłużników' on, an admin converts the debtor's query giving a reason", async () => {
    const QUERY_CARGO = `Zqd-e2e-${suffix}`;
    const query = await apiAs(token, 'POST', '/api/queries', {
      cargo: QUERY_CARGO,
      loadingCity: 'Kraków',
      loadingCountry: 'PL',
      unloadingCity: 'Praga',
      unloadingCountry: 'CZ',
      loadingDate: warsawDay(10),
      unloadingDate: warsawDay(12),
      customer: debtorIri,
      customerPrice: 310000,
    });
    await apiAs(token, 'PUT', '/api/settings/blockOrdersForDebtors', { value: 'tak' });
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      await loginAs(page);
      await nav(page).getByRole('link', { name: 'Zapytania', exact: true }).click();
      await page.waitForURL('**/queries');
      await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), QUERY_CARGO);
      await filters(page).getByRole('button', { name: 'Filtruj' }).click();
      const queryRow = page.getByRole('table', { name: 'Lista zapytań' }).getByRole('row', {
        name: `Zapytanie ${query.id}`,
      });
      await queryRow.getByRole('button', { name: 'Zamień w zlecenie' }).click();
      await page.getByRole('dialog', { name: 'Zamiana w zlecenie' }).getByRole('button', { name: 'Tak' }).click();
      const confirm = page.getByRole('dialog', { name: 'Klient jest dłużnikiem' });
      await confirm.getByText(/tylko administrator, podając powód/).waitFor();
      await confirm.getByRole('button', { name: 'Zapisz mimo to' }).click();
      // No reason, no conversion.
      await confirm.getByText('Podaj powód zapisu zlecenia dla dłużnika (co najmniej 3 znaki).').waitFor();
      await typeInto(confirm.getByLabel('Powód zapisu zlecenia dla dłużnika'), 'Przedpłata na koncie');
      await confirm.getByRole('button', { name: 'Zapisz mimo to' }).click();
      await toast(page, 'Pomyślnie zamieniono zapytanie w zlecenie').waitFor();
      const [order] = (await apiAs(token, 'GET', `/api/orders?cargo=${QUERY_CARGO}`))['hydra:member'];
      expect(order.debtorOverride).toBe('Przedpłata na koncie');
    } finally {
      await apiAs(token, 'PUT', '/api/settings/blockOrdersForDebtors', { value: 'nie' });
      await context.close();
    }
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, filters, nav, randomNip, toast, typeInto, warsawDay } from './fixtures.ts';

/**
 * Issue 24's walk against the local GUS and white-list fakes (globalSetup): a carrier added by NIP with 'Pobierz z
 * GUS' (the look-up saved as its GUS check), checked on the white list, its listed account added, its OCP given: then
 * 'Zweryfikowany {date}' in its modal, the list and the order; that account picked on an order; the payable marked paid
 * in the payments cockpit; the list's proof kept naming the order, in the API and on the carrier's 'Weryfikacje'.
 * Issue 34: an account off the list — the admin's reason asked in the order form and in the cockpit (found by its
 * search), no error notice behind the dialog, and the refusal's row naming the account.
 */

const NIP = '5261040828'; // TRANS-POL in the fakes, with this account on the list.
const ACCOUNT = '61 1090 1014 0000 0712 1981 2874';
const COMPANY = 'TRANS-POL SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ';
const suffix = Date.now().toString(36);
const CARGO = `Weryfikacja ${suffix}`;

const carriersTable = (page: Page) => page.getByRole('table', { name: 'Lista przewoźników' });
/** 'Zweryfikowany 28/11/2026' for today in Warsaw (a badge's text before its capitals). */
const verifiedToday = () => {
  const [y, m, d] = warsawDay().split('-');
  return `Zweryfikowany ${d}/${m}/${y}`;
};
/** A badge's text as written (its capitals are CSS): textContent, not innerText. */
const textOf = (locator: ReturnType<Page['getByRole']>) => locator.evaluate((node) => node.textContent ?? '');
const NO_NOTICE = 'Wystąpił błąd';

/** A domestic order of today to a carrier (20 000 zł net: above the white list's 15 000 zł gross), prepared by API. */
const orderTo = (token: string, carrier: string, customer: string, cargo: string, more: Record<string, unknown>) => {
  const today = warsawDay();
  return apiAs(token, 'POST', '/api/orders', {
    loadingCity: 'Poznań',
    loadingCountry: 'PL',
    loadingDate: today,
    unloadingCity: 'Łódź',
    unloadingCountry: 'PL',
    unloadingDate: today,
    cargo,
    customer,
    carrier,
    customerPrice: 2_600_000,
    carrierPrice: 2_000_000,
    ...more,
  });
};

/** The admin's reason dialog for an account off the list: shown with no error notice behind it; the reason given. */
async function giveReason(page: Page, reason: string) {
  const dialog = page.getByRole('dialog', { name: 'Rachunek spoza białej listy' });
  await dialog.waitFor();
  expect(await page.getByText(NO_NOTICE).count()).toBe(0);
  await dialog.getByRole('textbox', { name: 'Powód zapłaty mimo braku potwierdzenia' }).fill(reason);
  await dialog.getByRole('button', { name: 'Zapłać mimo to' }).click();
}
const OFF_LIST = '10 1050 0099 7603 1234 5678 9123';

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

    // Saved: the look-up is its GUS check; checked on the white list, its listed account added with one click.
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Szukaj' }), 'TRANS-POL');
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    const row = carriersTable(page).getByRole('row').filter({ hasText: 'TRANS-POL' }).first();
    await row.getByRole('button', { name: 'Edytuj' }).click();
    const edit = page.getByRole('dialog', { name: 'Edytuj przewoźnika' });
    const status = edit.getByRole('status', { name: 'Status weryfikacji' });
    expect(await textOf(status)).toBe('Niezweryfikowany');
    const gusRow = edit.getByRole('table', { name: 'Historia weryfikacji' }).getByRole('row').nth(1);
    expect((await gusRow.innerText()).replace(/\s+/g, ' ')).toContain('GUS pozytywny 000331501');
    await edit.getByRole('button', { name: 'Sprawdź na białej liście' }).click();
    await edit.getByText('Czynny', { exact: true }).waitFor();
    await edit.getByRole('button', { name: `Dodaj rachunek ${ACCOUNT}` }).click();
    await edit.getByText(`${ACCOUNT} · dodany`).waitFor();
    // A valid OCP: GUS, the white list and the policy make it verified.
    const ocpEnd = edit.getByRole('textbox', { name: 'OCP ważne do' });
    await ocpEnd.fill(warsawDay(365).split('-').reverse().join('.'));
    await ocpEnd.press('Tab');
    await edit.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await toast(page, 'Przewoźnik został pomyślnie zaktualizowany!').waitFor();
    await edit.waitFor({ state: 'hidden' });
    // 'Zweryfikowany {date}' in the list and in the modal; 'Sprawdź w GUS' records one more check.
    await expect.poll(() => textOf(row.getByText(/^Zweryfikowany/))).toBe(verifiedToday());
    await row.getByRole('button', { name: 'Edytuj' }).click();
    await expect.poll(() => textOf(status)).toBe(verifiedToday());
    await edit.getByRole('button', { name: 'Sprawdź w GUS' }).click();
    await edit.getByRole('status', { name: 'Dane z GUS' }).filter({ hasText: 'REGON 000331501' }).waitFor();
    await expect
      .poll(async () => (await edit.getByRole('table', { name: 'Historia weryfikacji' }).getByRole('row').count()) - 1)
      .toBe(3);
    await edit.getByRole('button', { name: 'Anuluj' }).click();
    await edit.waitFor({ state: 'hidden' });

    // An order to it (prepared through the API), whose carrier account is picked in the form.
    const carriers = await apiAs(token, 'GET', `/api/carriers?nip=${NIP}`);
    const carrier = carriers['hydra:member'][0];
    expect(carrier.bankAccounts).toEqual([ACCOUNT.replaceAll(' ', '')]);
    const customer = await apiAs(token, 'POST', '/api/customers', { companyName: `Klient ${suffix}` });
    const order = await orderTo(token, carrier['@id'], customer['@id'], CARGO, { carrierDateOfPayment: '2020-01-02' });
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), CARGO);
    const orderRow = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: CARGO });
    await orderRow.getByRole('button', { name: 'Edytuj', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
    // The order says its carrier is verified, and since when.
    await expect.poll(() => textOf(form.getByRole('status', { name: 'Status weryfikacji' }))).toBe(verifiedToday());
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

  it("asks an admin's reason for an account off the white list in the order form and in the cockpit (found by its search), with no notice behind it", async () => {
    const carrier = await apiAs(token, 'POST', '/api/carriers', {
      companyName: `Poza Listą ${suffix}`,
      country: 'PL',
      nip: randomNip(),
      bankAccounts: [OFF_LIST],
    });
    const customer = await apiAs(token, 'POST', '/api/customers', { companyName: `Klient listy ${suffix}` });
    const orderFor = (cargo: string) =>
      orderTo(token, carrier['@id'], customer['@id'], cargo, {
        carrierBankAccount: OFF_LIST.replaceAll(' ', ''),
        carrierDateOfPayment: warsawDay(),
      });
    const inForm = await orderFor(`Poza listą A ${suffix}`);
    const inCockpit = await orderFor(`Poza listą B ${suffix}`);

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page);

    // The order form: 'Przewoźnik opłacony' ticked and saved — the reason is asked, nothing red behind the dialog.
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    // By its number (a long cargo is cut short in the row).
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Numer' }), inForm.number);
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    const orderRows = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row');
    await expect.poll(() => orderRows.count()).toBe(2);
    await orderRows.filter({ hasText: inForm.number }).getByRole('button', { name: 'Edytuj', exact: true }).click();
    const form = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
    await form.getByRole('checkbox', { name: 'Przewoźnik opłacony' }).check();
    await form.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await giveReason(page, 'Rachunek potwierdzony telefonicznie');
    await form.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await apiAs(token, 'GET', `/api/orders/${inForm.uuid}`)).carrierPaid).toBe(true);

    // The cockpit: the payable found by its number, marked paid — the reason asked, nothing red behind the dialog.
    await nav(page).getByRole('link', { name: 'Statystyki' }).click();
    await page.waitForURL('**/stats');
    await page.getByText('Zobowiązania', { exact: true }).click();
    const payables = page.getByRole('table', { name: 'Lista zobowiązań' });
    await page
      .locator('label')
      .filter({ hasText: /^Wszystkie$/ })
      .click();
    await typeInto(page.getByRole('textbox', { name: 'Filtr: Szukaj' }), inCockpit.number);
    await page.getByRole('button', { name: 'Filtruj' }).click();
    const payable = payables.getByRole('row', { name: `Płatność zlecenia ${inCockpit.number}` });
    await payable.waitFor();
    await expect.poll(async () => (await payables.getByRole('row').count()) - 1).toBe(1);
    await payable.getByRole('button', { name: 'Oznacz jako opłacone' }).click();
    await page.getByRole('dialog', { name: 'Oznaczyć jako opłacone?' }).getByRole('button', { name: 'Tak' }).click();
    await giveReason(page, 'Rachunek potwierdzony pisemnie');
    await toast(page, 'Płatność została oznaczona jako opłacona!').waitFor();
    await payable.waitFor({ state: 'detached' });
    // By the carrier's name: its other order is paid too, so nothing is left to pay it.
    await typeInto(page.getByRole('textbox', { name: 'Filtr: Szukaj' }), `Poza Listą ${suffix}`);
    await page.getByRole('button', { name: 'Filtruj' }).click();
    await payables.getByText('Brak danych do wyświetlenia').waitFor();

    // The carrier's 'Weryfikacje': each refusal's row names the account.
    await nav(page).getByRole('link', { name: 'Przewoźnicy', exact: true }).click();
    await page.waitForURL('**/carriers');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Szukaj' }), `Poza Listą ${suffix}`);
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await carriersTable(page)
      .getByRole('row')
      .filter({ hasText: `Poza Listą ${suffix}` })
      .getByRole('button', { name: 'Edytuj' })
      .click();
    const history = page
      .getByRole('dialog', { name: 'Edytuj przewoźnika' })
      .getByRole('table', { name: 'Historia weryfikacji' });
    // Each order: the refusal, then the admin's confirmation (both of the list's 'NIE').
    await expect.poll(async () => (await history.getByRole('row').count()) - 1).toBe(4);
    const lines = (await history.getByRole('row').allInnerTexts()).slice(1).map((l) => l.replace(/\s+/g, ' '));
    for (const number of [inForm.number, inCockpit.number]) {
      const refused = lines.filter((l) => l.includes(number));
      expect(refused).toHaveLength(2);
      for (const line of refused) expect(line).toContain(`negatywny Rachunek ${OFF_LIST}`);
    }
    await context.close();
  }, 180_000);
});

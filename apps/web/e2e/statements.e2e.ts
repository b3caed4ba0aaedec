import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, createPayer, createVatInvoice, nav, randomNip } from './fixtures.ts';

/** Issue 26: the owner imports a bank statement (MT940) and books the matches it found. */

const suffix = Date.now().toString(36);
const CUSTOMER = `Płatnik wyciągu ${suffix}`;
const NIP = randomNip();
const NUMBER = `${7000 + Math.floor(Math.random() * 90_000)}/11/2026`;
// An invoice the statement's second line does not name: found through the picker's server search.
const NUMBER2 = `${100_000 + Math.floor(Math.random() * 800_000)}/11/2026`;

const mt940 = [
  `:20:E2E${suffix}`,
  ':25:/PL61109010140000071219812874',
  ':28C:1',
  ':60F:C261119PLN0,00',
  ':61:2611201120C1230,00NTRFNONREF//',
  `:86:020~00PRZELEW~20FV ${NUMBER}~27${CUSTOMER.toUpperCase()}~38PL61109010140000071219812874`,
  ':61:2611201120C615,00NTRFNONREF//',
  `:86:020~00PRZELEW~20Zaliczka ${suffix}~27INNY PLATNIK~38PL10105000997603123456789123`,
  ':62F:C261120PLN1845,00',
  '-',
].join('\r\n');

describe('statements: import a bank statement and accept its matches', () => {
  let browser: Browser;
  let token: string;
  let invoiceUuid: string;
  let invoice2Uuid: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await createPayer(token, { companyName: CUSTOMER, nip: NIP });
    const invoiceOf = (number: string, netto: number) =>
      createVatInvoice(token, customer, { number, netto, createdDate: '2026-11-05', saleDate: '2026-11-03' });
    invoiceUuid = (await invoiceOf(NUMBER, 100_000)).uuid;
    invoice2Uuid = (await invoiceOf(NUMBER2, 50_000)).uuid;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("uploads an MT940, sees the invoice matched as 'pewne' and books it", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Importuj wyciąg' }).click();
    await page.getByRole('heading', { name: 'Importuj wyciąg' }).waitFor();
    // The button says why it did nothing when no file is chosen.
    await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
    await page.getByRole('alert').getByText('Najpierw wybierz plik wyciągu.').waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'wyciag.sta', mimeType: 'text/plain', buffer: Buffer.from(mt940) });
    await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
    await page.getByText('Wczytano operacji: 2.').waitFor();
    const row = page.getByRole('row').filter({ hasText: `FV ${NUMBER}` });
    await row.getByText('pewne', { exact: true }).waitFor();
    expect(await row.getByRole('checkbox').isChecked()).toBe(true);
    // The unmatched line: its invoice searched on the server by the start of its number, then picked.
    const other = page.getByRole('row').filter({ hasText: `Zaliczka ${suffix}` });
    expect(await other.getByRole('checkbox').isChecked()).toBe(false);
    const picker = other.getByRole('combobox', { name: `Faktura: Zaliczka ${suffix}` });
    await picker.click();
    await picker.fill(NUMBER2.slice(0, 6));
    await page.getByRole('option', { name: new RegExp(`^${NUMBER2}`) }).click();
    expect(await other.getByRole('checkbox').isChecked()).toBe(true);
    // The statement's history shows its import and names the file (issue 34: not 'Plik: — → …').
    await page.getByText('Import wyciągu').waitFor();
    await page.getByText('Plik: wyciag.sta', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Zaksięguj' }).click();
    await page.getByText('Zaksięgowano operacji: 2.').waitFor();
    await row.getByText('zaksięgowana').waitFor();
    await other.getByText('zaksięgowana').waitFor();
    await page.getByText('Księgowanie z wyciągu').first().waitFor();
    const invoice = await apiAs(token, 'GET', `/api/invoices/${invoiceUuid}`);
    expect(invoice).toMatchObject({ paid: true, paidAmount: 123_000, dueAmount: 0 });
    expect(await apiAs(token, 'GET', `/api/invoices/${invoice2Uuid}`)).toMatchObject({ paid: true, dueAmount: 0 });
    await context.close();
  });

  it("matches a debit to a carrier's invoice ('pewne' by its number) and books it; another debit picks one by its number", async () => {
    // A carrier with two open invoices (below 15 000 zł: the white list warns at most).
    const account = '27114020040000300201355387';
    const carrier = await apiAs(token, 'POST', '/api/carriers', {
      companyName: `Przewoźnik wyciągu ${suffix}`,
      nip: randomNip(),
      email: `p-${suffix}@wyciag.example`,
      // Its own number: the payables walk's carrier, in the same e2e database, has 601 601 601.
      phone: `6027${String(Date.now()).slice(-5)}`,
      city: 'Poznań',
      country: 'PL',
      bankAccounts: [account],
    });
    const customer = await createPayer(token, { companyName: `Klient dla przewoźnika ${suffix}`, nip: randomNip() });
    const payable = async (number: string, net: number) => {
      const order = await apiAs(token, 'POST', '/api/orders', {
        customer: customer['@id'],
        carrier: carrier['@id'],
        customerPrice: net + 20_000,
        carrierPrice: net,
        carrierPriceCurrency: 'pln',
        carrierBankAccount: account,
        loadingCity: 'Poznań',
        loadingCountry: 'PL',
        loadingDate: '2026-11-02',
        unloadingCity: 'Łódź',
        unloadingCountry: 'PL',
        unloadingDate: '2026-11-03',
        cargo: 'Palety',
      });
      return apiAs(token, 'POST', '/api/carrier_invoices', {
        carrier: carrier['@id'],
        number,
        issueDate: '2026-11-05',
        receivedDate: '2026-11-06',
        documentsReceivedDate: '2026-11-06',
        netAmount: net,
        vatAmount: Math.round(net * 0.23),
        grossAmount: net + Math.round(net * 0.23),
        bankAccount: account,
        orders: [{ order: order['@id'], amount: net }],
      });
    };
    const named = `FP/${suffix}/11/2026`;
    const picked = `FQ/${suffix}/11/2026`;
    const first = await payable(named, 100_000);
    const second = await payable(picked, 40_000);
    const debits = [
      `:20:DEB${suffix}`,
      ':25:/PL61109010140000071219812874',
      ':28C:1',
      ':60F:C261119PLN5000,00',
      ':61:2611211121D1230,00NTRFNONREF//',
      `:86:020~00PRZELEW~20Zaplata ${named}~27PRZEWOZNIK~38PL${account}`,
      ':61:2611211121D100,00NTRFNONREF//',
      `:86:020~00PRZELEW~20Zaliczka transport ${suffix}~27PRZEWOZNIK~38PL10105000997603123456789123`,
      ':62F:C261121PLN3670,00',
      '-',
    ].join('\r\n');
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Importuj wyciąg' }).click();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'obciazenia.sta', mimeType: 'text/plain', buffer: Buffer.from(debits) });
    await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
    await page.getByText('Wczytano operacji: 2.').waitFor();
    // The debit naming the invoice: 'pewne', chosen, its invoice in the picker.
    const sure = page.getByRole('row').filter({ hasText: `Zaplata ${named}` });
    await sure.getByText('pewne', { exact: true }).waitFor();
    expect(await sure.getByRole('checkbox').isChecked()).toBe(true);
    const surePicker = sure.getByRole('combobox', { name: `Faktura przewoźnika: Zaplata ${named}` });
    expect(await surePicker.inputValue()).toContain(named);
    // The other debit: its carrier invoice searched by number on the server, then picked.
    const other = page.getByRole('row').filter({ hasText: `Zaliczka transport ${suffix}` });
    expect(await other.getByRole('checkbox').isChecked()).toBe(false);
    const picker = other.getByRole('combobox', { name: `Faktura przewoźnika: Zaliczka transport ${suffix}` });
    await picker.click();
    await picker.fill(picked.slice(0, 8));
    await page.getByRole('option', { name: new RegExp(`^${picked.replace(/\//g, '\\/')}`) }).click();
    expect(await other.getByRole('checkbox').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Zaksięguj' }).click();
    await page.getByText('Zaksięgowano operacji: 2.').waitFor();
    await sure.getByText('zaksięgowana').waitFor();
    await other.getByText('zaksięgowana').waitFor();
    expect(await apiAs(token, 'GET', `/api/carrier_invoices/${first.uuid}`)).toMatchObject({
      status: 'zaplacona',
      dueAmount: 0,
    });
    // A part payment: 100,00 zł of 492,00 zł.
    expect(await apiAs(token, 'GET', `/api/carrier_invoices/${second.uuid}`)).toMatchObject({
      paidAmount: 10_000,
      dueAmount: 39_200,
    });
    const ledger = await apiAs(token, 'GET', `/api/carrier_payments?carrierInvoice.uuid=${first.uuid}`);
    expect(ledger['hydra:member'][0]).toMatchObject({ amount: 123_000 });
    await context.close();
  });

  it("reads a CSV through a select per column and offers the bank's mapping again for its next file", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Importuj wyciąg' }).click();
    await page.getByRole('heading', { name: 'Importuj wyciąg' }).waitFor();
    const bank = `Bank ${suffix}`;
    const csvOf = (day: string, title: string) =>
      Buffer.from(`Data operacji;Kwota;Tytuł;Nadawca\n${day}.11.2026;10,00;${title};Ktoś\n`);
    const form = page.getByRole('group', { name: 'Kolumny pliku CSV' });
    const pick = async (label: string, option: string) => {
      await form.getByRole('combobox', { name: label, exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'wyciag.csv', mimeType: 'text/csv', buffer: csvOf('21', `Pierwsza ${suffix}`) });
    await form.waitFor();
    await pick('Data operacji', 'Data operacji');
    await pick('Kwota', 'Kwota');
    await pick('Tytuł', 'Tytuł');
    await pick('Kontrahent', 'Nadawca');
    await page.getByRole('combobox', { name: 'Bank (mapowanie CSV)' }).fill(bank);
    await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
    await page.getByText('Wczytano operacji: 1.').waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Pierwsza ${suffix}` })
      .getByText('Ktoś')
      .waitFor();

    // The next file of that bank: choosing the bank fills the columns in.
    await page.reload();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'wyciag2.csv', mimeType: 'text/csv', buffer: csvOf('22', `Druga ${suffix}`) });
    await form.waitFor();
    await page.getByRole('combobox', { name: 'Bank (mapowanie CSV)' }).fill(bank);
    await page.getByText(`Wczytano zapisane mapowanie banku „${bank}”.`).waitFor();
    expect(await form.getByRole('combobox', { name: 'Kontrahent', exact: true }).inputValue()).toBe('Nadawca');
    await page.getByRole('button', { name: 'Wczytaj wyciąg' }).click();
    await page.getByText('Wczytano operacji: 1.').waitFor();
    await page
      .getByRole('row')
      .filter({ hasText: `Druga ${suffix}` })
      .waitFor();
    await context.close();
  });
});

import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, createPayer, nav, randomNip, typeInto, warsawDay } from './fixtures.ts';

/**
 * Issue 38: the owner paying carriers on a Friday, at 1366×768. The week's carriers' invoices are in 'Do zapłaty'
 * (one over two orders, one waiting for its documents, one above 15 000 zł to an account the white list does not
 * hold); the owner chooses them, prepares the transfers, gives a reason for the unlisted account, downloads the
 * Elixir-O file for the bank, marks the batch sent and paid, and sees the invoices paid and the week's cash flow.
 */

const suffix = Date.now().toString(36);
const CARRIER = `Przewozy Piątkowe ${suffix}`;
/** A valid NRB the fake white list does not hold (checked: 02 check digits of 1020 5558 1111 1234 5678 9012). */
const ACCOUNT = '20102055581111123456789012';

describe("payables: the owner pays the week's carriers", () => {
  let browser: Browser;
  let token: string;
  let paperOrder = '';
  let carrierIri = '';
  let ksefCarrier = { nip: '', order: '' };
  const numbers = { two: `FP/${suffix}/1`, waiting: `FP/${suffix}/2`, big: `FP/${suffix}/3` };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await createPayer(token, { companyName: `Klient piątkowy ${suffix}`, nip: randomNip() });
    const carrierNip = randomNip();
    const carrier = await apiAs(token, 'POST', '/api/carriers', {
      companyName: CARRIER,
      nip: carrierNip,
      email: `dyspozycja-${suffix}@przewozy.example`,
      phone: '601601601',
      streetAddress: 'ul. Piątkowa 5',
      postalCode: '60-001',
      city: 'Poznań',
      country: 'PL',
    });
    const order = (carrierPrice: number) =>
      apiAs(token, 'POST', '/api/orders', {
        customer: customer['@id'],
        carrier: carrier['@id'],
        customerPrice: carrierPrice + 50_000,
        customerPriceCurrency: 'pln',
        carrierPrice,
        carrierPriceCurrency: 'pln',
        carrierBankAccount: ACCOUNT,
        loadingCity: 'Poznań',
        loadingCountry: 'PL',
        loadingDate: warsawDay(-45),
        unloadingCity: 'Łódź',
        unloadingCountry: 'PL',
        unloadingDate: warsawDay(-44),
        cargo: 'Palety',
      });
    const [a, b, c, d, e, f] = await Promise.all([
      order(200_000),
      order(150_000),
      order(90_000),
      order(1_400_000),
      order(50_000),
      order(100_000),
    ]);
    paperOrder = e.number;
    carrierIri = carrier['@id'];
    ksefCarrier = { nip: carrierNip, order: f['@id'] };
    const invoice = (
      number: string,
      net: number,
      orders: { order: string; amount: number }[],
      documents: string | null,
    ) =>
      apiAs(token, 'POST', '/api/carrier_invoices', {
        carrier: carrier['@id'],
        number,
        issueDate: warsawDay(-40),
        receivedDate: warsawDay(-38),
        documentsReceivedDate: documents,
        netAmount: net,
        vatAmount: Math.round(net * 0.23),
        grossAmount: net + Math.round(net * 0.23),
        bankAccount: ACCOUNT,
        paymentTermDays: 30,
        paymentTermFrom: 'documents',
        orders,
      });
    await invoice(
      numbers.two,
      350_000,
      [
        { order: a['@id'], amount: 200_000 },
        { order: b['@id'], amount: 150_000 },
      ],
      warsawDay(-35),
    );
    await invoice(numbers.waiting, 90_000, [{ order: c['@id'], amount: 90_000 }], null);
    await invoice(numbers.big, 1_400_000, [{ order: d['@id'], amount: 1_400_000 }], warsawDay(-33));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("'Do zapłaty' at 1366×768: chooses, prepares, overrides the white list with a reason, exports, pays", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Do zapłaty' }).click();
    await page.getByRole('heading', { name: 'Do zapłaty' }).waitFor();
    const table = page.getByRole('table', { name: 'Faktury przewoźników do zapłaty' });
    const rowOf = (number: string) => table.getByRole('row', { name: `Faktura przewoźnika ${number}` });
    // Held (a new carrier, not verified; the big one also not on the white list), and waiting for documents.
    await rowOf(numbers.two).getByText('Wstrzymana').waitFor();
    await rowOf(numbers.two).getByText('Przewoźnik nie jest zweryfikowany').waitFor();
    await rowOf(numbers.waiting).getByText('Czeka na dokumenty').first().waitFor();
    await rowOf(numbers.big).getByText('Wstrzymana').waitFor();
    await rowOf(numbers.big).getByText('Rachunek nie jest potwierdzony na białej liście VAT').waitFor();
    await page
      .getByText(/Suma do zapłaty: /)
      .first()
      .waitFor();
    // Waiting for documents: it cannot be chosen.
    expect(await rowOf(numbers.waiting).getByRole('checkbox').isDisabled()).toBe(true);

    await rowOf(numbers.two).getByRole('checkbox').check();
    await rowOf(numbers.big).getByRole('checkbox').check();
    await page.getByText('Wybrano: 2').waitFor();
    await page.getByRole('button', { name: 'Przygotuj przelewy' }).click();

    // One transfer for the carrier's two invoices (one account): 21 525,00 zł to an account the white list does not
    // hold — stopped, each invoice named; the admin's reason lets it through.
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Wstrzymane przelewy').first().waitFor();
    await dialog.getByText(new RegExp(`${numbers.big}: .*przekracza 15 000 zł brutto`)).waitFor();
    for (const number of [numbers.two, numbers.big]) {
      await dialog
        .getByRole('textbox', { name: `Powód zatwierdzenia mimo braku na białej liście (${number})` })
        .fill('Rachunek potwierdzony telefonicznie z przewoźnikiem');
    }
    await dialog.getByRole('button', { name: 'Zatwierdź z powodem' }).click();
    const lines = dialog.getByRole('table', { name: 'Przelewy paczki' });
    await lines.getByText(`Faktury ${numbers.two}, ${numbers.big}`).waitFor();
    await lines.getByText(/^21\s525,00\szł$/).waitFor();
    await lines.getByText(/zatwierdzony: Rachunek potwierdzony telefonicznie/).waitFor();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Pobierz Elixir-O' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^przelewy-[0-9a-f]{8}\.pli$/);
    const bytes = await readFile(await file.path());
    const record = new TextDecoder('windows-1250').decode(bytes).split('\r\n')[0]?.split(',') ?? [];
    expect(record.slice(0, 3)).toEqual(['110', warsawDay().replaceAll('-', ''), '2152500']);
    await dialog.getByText('Paczka przelewów — W paczce (wyeksportowana)').waitFor();

    await dialog.getByRole('button', { name: 'Oznacz jako wysłaną i opłaconą' }).click();
    await dialog.getByText('Paczka przelewów — Opłacona').waitFor();
    await dialog.getByRole('button', { name: 'Zamknij' }).last().click();

    // Paid: both gone from 'Do zapłaty'; the one waiting for its documents stays.
    await rowOf(numbers.big).waitFor({ state: 'detached' });
    await rowOf(numbers.two).waitFor({ state: 'detached' });
    await rowOf(numbers.waiting).waitFor();
    // Its CMR comes today: the term starts (30 days), it can be paid.
    await rowOf(numbers.waiting).getByRole('button', { name: 'Dokumenty otrzymane dziś' }).click();
    const due = warsawDay(30).split('-').reverse().join('/');
    await rowOf(numbers.waiting).getByText(due).waitFor();
    expect(await rowOf(numbers.waiting).getByRole('checkbox').isDisabled()).toBe(false);
    await context.close();
  });

  it('a paper invoice typed by hand over its order: saved, with its due date from the documents', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Do zapłaty' }).click();
    await page.getByRole('button', { name: 'Dodaj fakturę przewoźnika' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj fakturę przewoźnika' });
    const carrier = dialog.getByRole('combobox', { name: 'Przewoźnik', exact: true });
    await carrier.click();
    await carrier.pressSequentially(CARRIER.slice(0, 16), { delay: 20 });
    await page.getByRole('option', { name: new RegExp(suffix) }).click();
    await typeInto(dialog.getByRole('textbox', { name: 'Numer faktury', exact: true }), `FP/${suffix}/papier`);
    await dialog.getByLabel('Data wystawienia').fill(warsawDay(-3).split('-').reverse().join('.'));
    await dialog.getByLabel('Data otrzymania dokumentów (CMR)').fill(warsawDay(-1).split('-').reverse().join('.'));
    await typeInto(dialog.getByRole('textbox', { name: 'Netto', exact: true }), '500,00');
    await typeInto(dialog.getByRole('textbox', { name: 'VAT', exact: true }), '115,00');
    await typeInto(dialog.getByRole('textbox', { name: 'Rachunek przewoźnika', exact: true }), ACCOUNT);
    await typeInto(dialog.getByRole('textbox', { name: 'Numer zlecenia', exact: true }), paperOrder);
    await typeInto(dialog.getByRole('textbox', { name: 'Kwota netto', exact: true }), '500,00');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Faktura przewoźnika została zapisana!').first().waitFor();
    const row = page
      .getByRole('table', { name: 'Faktury przewoźników do zapłaty' })
      .getByRole('row', { name: `Faktura przewoźnika FP/${suffix}/papier` });
    // The invoice came today, the documents yesterday: 60 days from today.
    await row.getByText(warsawDay(60).split('-').reverse().join('/')).waitFor();
    await row.getByText(/^615,00\szł$/).waitFor();
    await context.close();
  });

  it("a corrective of the paper invoice lowers what is due; a carrier's PDF from its link confirmed in 'Do zapłaty'", async () => {
    // The carrier sends its invoice's PDF through its link, with the number, date and gross it typed.
    const linked = await apiAs(token, 'POST', '/api/orders', {
      customer: (await createPayer(token, { companyName: `Klient linku ${suffix}`, nip: randomNip() }))['@id'],
      carrier: carrierIri,
      customerPrice: 150_000,
      carrierPrice: 100_000,
      carrierPriceCurrency: 'pln',
      carrierBankAccount: ACCOUNT,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: warsawDay(-10),
      unloadingCity: 'Łódź',
      unloadingCountry: 'PL',
      unloadingDate: warsawDay(-9),
      cargo: 'Palety',
    });
    await apiAs(token, 'POST', `/api/orders/${linked.uuid}/send/carrier`, {});
    const link = ((await apiAs(token, 'GET', `/api/orders/${linked.uuid}/portal`)).url as string).split('/p/')[1];
    await apiAs(null, 'POST', `/api/public/portal/${link}/accept`, {});
    const form = new FormData();
    form.append('kind', 'invoice');
    form.append('invoiceNumber', `FL/${suffix}`);
    form.append('invoiceIssueDate', warsawDay(-2));
    form.append('invoiceGrossAmount', '1230,00');
    form.append(
      'file',
      new Blob([Buffer.from(`%PDF-1.4\n%${suffix}\n%%EOF\n`)], { type: 'application/pdf' }),
      'fv.pdf',
    );
    const sent = await fetch(`${inject('baseURL')}/api/public/portal/${link}/documents`, {
      method: 'POST',
      body: form,
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Do zapłaty' }).click();

    // 'Potwierdź fakturę' on its row: the carrier's figures, the order's price as the net; then it is to pay.
    const waiting = page.getByRole('table', { name: 'Faktury przewoźników z linku do potwierdzenia' });
    const upload = waiting.getByRole('row').filter({ hasText: `FL/${suffix}` });
    await upload.getByText(/^1\s230,00\szł$/).waitFor();
    await upload.getByRole('button', { name: 'Potwierdź fakturę' }).click();
    const confirm = page.getByRole('dialog', { name: 'Faktura przewoźnika z linku: fv.pdf' });
    await confirm.getByRole('button', { name: 'Zapisz jako fakturę do zapłaty' }).click();
    await page.getByText('Faktura przewoźnika została zapisana!').first().waitFor();
    await upload.waitFor({ state: 'detached' });
    const payables = page.getByRole('table', { name: 'Faktury przewoźników do zapłaty' });
    await payables.getByRole('row', { name: `Faktura przewoźnika FL/${suffix}` }).waitFor();

    // 'Korekta' of the paper invoice (615,00 zł): −100,00 net, −23,00 VAT on its order; 492,00 zł left to pay.
    const paper = payables.getByRole('row', { name: `Faktura przewoźnika FP/${suffix}/papier` });
    await paper.getByRole('button', { name: 'Korekta' }).click();
    const dialog = page.getByRole('dialog', { name: `Korekta faktury przewoźnika FP/${suffix}/papier` });
    await typeInto(dialog.getByRole('textbox', { name: 'Numer faktury', exact: true }), `FK/${suffix}/1`);
    await dialog.getByLabel('Data wystawienia').fill(warsawDay(0).split('-').reverse().join('.'));
    await typeInto(dialog.getByRole('textbox', { name: 'Netto', exact: true }), '-100,00');
    await typeInto(dialog.getByRole('textbox', { name: 'VAT', exact: true }), '-23,00');
    // The corrected invoice's order is offered; its change of the net is typed.
    expect(await dialog.getByRole('textbox', { name: 'Numer zlecenia', exact: true }).inputValue()).toBe(paperOrder);
    await typeInto(dialog.getByRole('textbox', { name: 'Kwota netto', exact: true }), '-100,00');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Faktura przewoźnika została zapisana!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await paper.getByText(/^492,00\szł$/).waitFor();
    const corrective = (
      await apiAs(token, 'GET', `/api/carrier_invoices?number=${encodeURIComponent(`FK/${suffix}/1`)}`)
    )['hydra:member'][0];
    expect(corrective).toMatchObject({ type: 'corrective', grossAmount: -12_300 });
    expect(corrective.corrects.number).toBe(`FP/${suffix}/papier`);
    await context.close();
  });

  it('from a KSeF invoice matched to an order to a paid batch', async () => {
    // The carrier's invoice arrives in KSeF (its fake) and is fetched and matched to the order as the office does.
    await apiAs(token, 'PATCH', '/api/ksef/config', { token: inject('ksefToken') });
    const { nip } = await apiAs(token, 'GET', '/api/ksef/config');
    const number = `KS/${suffix}/1`;
    const added = await fetch(`${inject('ksefFakeUrl')}/__fake/received`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        buyerNip: nip,
        invoices: [
          {
            sellerNip: ksefCarrier.nip,
            sellerName: CARRIER,
            invoiceNumber: number,
            issueDate: warsawDay(-5),
            net: 100_000,
          },
        ],
      }),
    });
    expect(added.ok).toBe(true);
    await apiAs(token, 'POST', '/api/ksef/sync', {});
    const received = (await apiAs(token, 'GET', '/api/received_invoices?itemsPerPage=100'))['hydra:member'].find(
      (r: { invoiceNumber: string }) => r.invoiceNumber === number,
    );
    expect(received).toBeTruthy();
    await apiAs(token, 'PATCH', `/api/received_invoices/${received.uuid}`, { order: ksefCarrier.order });

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Faktury przewoźników' }).click();
    await page.waitForURL(/\/invoices\/received(\?|$)/);
    await page
      .getByRole('table', { name: 'Lista faktur przewoźników' })
      .getByRole('row', { name: `Faktura przewoźnika ${number}` })
      .getByRole('button', { name: 'Zapisz jako fakturę do zapłaty' })
      .click();
    await page.getByText('Faktura przewoźnika została zapisana!').first().waitFor();

    await nav(page).getByRole('link', { name: 'Do zapłaty' }).click();
    const row = page
      .getByRole('table', { name: 'Faktury przewoźników do zapłaty' })
      .getByRole('row', { name: `Faktura przewoźnika ${number}` });
    // Its CMR has not come: the documents arrive today, then it can be chosen.
    await row.getByRole('button', { name: 'Dokumenty otrzymane dziś' }).click();
    await expect.poll(() => row.getByRole('checkbox').isDisabled()).toBe(false);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Przygotuj przelewy' }).click();
    const dialog = page.getByRole('dialog');
    const lines = dialog.getByRole('table', { name: 'Przelewy paczki' });
    await lines.getByText(number, { exact: false }).first().waitFor();
    await lines.getByText(/^1\s230,00\szł$/).waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Pobierz Elixir-O' }).click(),
    ]);
    const record = new TextDecoder('windows-1250').decode(await readFile(await file.path())).split(',');
    expect(record.slice(0, 3)).toEqual(['110', warsawDay().replaceAll('-', ''), '123000']);
    await dialog.getByRole('button', { name: 'Oznacz jako wysłaną i opłaconą' }).click();
    await dialog.getByText('Paczka przelewów — Opłacona').waitFor();
    await dialog.getByRole('button', { name: 'Zamknij' }).last().click();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });

  it("'Przepływy': 8 weeks ahead as a chart and a table", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Przepływy' }).click();
    await page.getByRole('heading', { name: 'Przepływy' }).waitFor();
    const table = page.getByRole('table', { name: 'Przepływy w kolejnych tygodniach PLN' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(9);
    await page
      .getByText(/Czeka na dokumenty: /)
      .first()
      .waitFor();
    // The chart has bars drawn.
    const bars = page.locator('.recharts-bar-rectangle');
    expect(await bars.count()).toBeGreaterThan(0);
    await context.close();
  });
});

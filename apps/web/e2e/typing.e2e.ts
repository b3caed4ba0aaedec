import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { panelLogin } from './customerWindowHelpers.ts';
import { apiAs, nav } from './fixtures.ts';
import { type FieldMeasure, formatTable, laggingForms, type Summary, summarize, TypingMeter } from './typingMeter.ts';

/**
 * Typing without lag (issue 35): 50 characters, key by key, into the text fields of each form, each key measured
 * from its press to the next paint (Event Timing) and by the main thread's script time; a plain <input> on the same
 * page is the baseline. A form fails when its p95 is above 1.5× the plain input's p95 + 8 ms (which holds on a slower
 * machine); the absolute targets are printed.
 *
 * A form's test is tried up to three times (`retry: 2`): on a 2-core machine shared with other work a burst of load
 * delays a few paints of whichever input is being typed, and the plain input typed beside a form may miss the burst
 * the form met (CI failed so at a load of 14: forms at p95 40–96 ms with 2–5 ms of script per key, their plain inputs
 * at 16 ms). A form that lags by itself (before issue 35: 55 ms of script per key, p95 88 ms) fails all three.
 */

const suffix = Date.now().toString(36);

type Created = { '@id': string; uuid: string; id: number; number?: string };

const text = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

/** Closes a modal holding typed text the way a dispatcher throws it away: Esc, then 'Zamknij bez zapisywania'. */
async function discard(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Niezapisane zmiany' })
    .getByRole('button', { name: 'Zamknij bez zapisywania' })
    .click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('typing: each form keeps up with the keys', { retry: 2 }, () => {
  let browser: Browser;
  let token: string;
  let portalLink: string;
  let panelTokens: { token: string; refreshToken: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer: Created = await apiAs(token, 'POST', '/api/customers', { companyName: `Klient pisania ${suffix}` });
    const carrier: Created = await apiAs(token, 'POST', '/api/carriers', {
      companyName: `Przewoźnik pisania ${suffix}`,
      email: `pisanie.${suffix}@example.com`,
      country: 'PL',
    });
    const query: Created = await apiAs(token, 'POST', '/api/queries', {
      cargo: `Pisanie ${suffix}`,
      loadingCity: 'Kraków',
      loadingCountry: 'PL',
      loadingDate: '2026-12-14',
      unloadingCity: 'Wiedeń',
      unloadingCountry: 'AT',
      unloadingDate: '2026-12-15',
      customer: customer['@id'],
    });
    await apiAs(token, 'POST', '/api/tasks', {
      entry: query['@id'],
      phone: '500400300',
      comment: `Pisanie ${suffix}`,
      contactDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
    });
    const order: Created = await apiAs(token, 'POST', '/api/orders', {
      cargo: `Pisanie ${suffix}`,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      unloadingCity: 'Berlin',
      unloadingCountry: 'DE',
      unloadingDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      customer: customer['@id'],
      customerPrice: 350000,
      carrier: carrier['@id'],
      carrierPrice: 250000,
    });
    await apiAs(token, 'POST', `/api/orders/${order.uuid}/send/carrier`, {});
    portalLink = (await apiAs(token, 'GET', `/api/orders/${order.uuid}/portal`)).url;
    // Issue 37: a customer's panel login, for the panel's 'Nowe zapytanie'.
    panelTokens = await panelLogin(token, customer.uuid, `pisanie.${suffix}@klient.example`, 'Haslo-Pisania-2026');
    // Issue 38: a carrier's invoice over 15 000 zł to an account the white list does not hold, for the batch's form.
    const payable: Created = await apiAs(token, 'POST', '/api/orders', {
      cargo: `Pisanie przelewu ${suffix}`,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
      unloadingCity: 'Łódź',
      unloadingCountry: 'PL',
      unloadingDate: new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10),
      customer: customer['@id'],
      customerPrice: 1_600_000,
      carrier: carrier['@id'],
      carrierPrice: 1_500_000,
    });
    await apiAs(token, 'POST', '/api/carrier_invoices', {
      carrier: carrier['@id'],
      number: `FP/pisanie/${suffix}`,
      issueDate: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
      documentsReceivedDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
      netAmount: 1_500_000,
      vatAmount: 345_000,
      grossAmount: 1_845_000,
      bankAccount: '20102055581111123456789012',
      orders: [{ order: payable['@id'], amount: 1_500_000 }],
    });
  });
  afterAll(async () => {
    if (baseline) console.log(formatTable(baseline, forms));
    // The guard is only as good as its baseline: a machine busier at the end than at the start shows here.
    if (page && !page.isClosed()) {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      const again = summarize('plain <input>, at the end', [await meter.plainInput()]);
      console.log(
        `plain <input> at the end: p50 ${again.p50} ms, p95 ${again.p95} ms, script ${again.scriptPerKey.toFixed(1)} ms per key`,
      );
    }
    await browser?.close();
  });

  /** Each form is its own test (each with its own time limit), on one signed-in page; the table comes at the end. */
  let page: Page;
  let meter: TypingMeter;
  let baseline: Summary;
  const forms: { form: Summary; fields: Summary[] }[] = [];

  /**
   * Notes a form's figures and fails it when its p95 is over the guard: against a plain input typed in the same place
   * (the open dialog, the phone's page) when given, the page's otherwise. A dialog's own painting costs each key the
   * same whatever the form does (measured: a plain input in the customer modal p95 40 ms, on the page 16 ms); the
   * guard is about what the form adds.
   */
  const judge = (name: string, measures: FieldMeasure[], local?: FieldMeasure) => {
    const form = summarize(name, measures);
    const against = local ? summarize(`plain <input> beside ${name}`, [local]) : baseline;
    // A retried form's figures replace its earlier try's in the table.
    for (let i = forms.length - 1; i >= 0; i--) {
      if ([name, `plain <input> beside ${name}`].includes(forms[i]?.form.name ?? '')) forms.splice(i, 1);
    }
    forms.push({ form, fields: measures.map((m) => summarize(m.field, [m])) });
    if (local) forms.push({ form: against, fields: [] });
    expect(laggingForms(against, [form])).toEqual([]);
  };

  async function openDialog(button: string, title: string): Promise<Locator> {
    await nav(page).getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    return dialog;
  }

  it("measures a plain input on the app's page first: the baseline", async () => {
    const context = await newContext(browser);
    page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    meter = await TypingMeter.attach(page);
    await loginAs(page);
    // The list after the login renders and fetches first: keys typed meanwhile wait for it, which is no baseline.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    baseline = summarize('plain <input>', [await meter.plainInput()]);
    expect(baseline.keys).toBe(50);
  });

  it('order: the cargo and the internal note', async () => {
    const dialog = await openDialog('Nowe zlecenie', 'Dodaj zlecenie');
    const measures = [
      await meter.typeInto('order', 'Towar', text(dialog, 'Towar')),
      await meter.typeInto('order', 'Notatka wewnętrzna', text(dialog, 'Notatka wewnętrzna')),
    ];
    const local = await meter.plainInput(undefined, dialog);
    await discard(page, dialog);
    judge('order', measures, local);
  });

  it('query: the cargo and the notes', async () => {
    const dialog = await openDialog('Nowe zapytanie', 'Dodaj zapytanie');
    const measures = [
      await meter.typeInto('query', 'Towar', text(dialog, 'Towar')),
      await meter.typeInto('query', 'Dodatkowe informacje', text(dialog, 'Dodatkowe informacje')),
    ];
    const local = await meter.plainInput(undefined, dialog);
    await discard(page, dialog);
    judge('query', measures, local);
  });

  it("invoice: the buyer's name, a position's name, the notes", async () => {
    const dialog = await openDialog('Nowa faktura VAT', 'Nowa faktura VAT');
    const measures = [
      await meter.typeInto('invoice', 'Nazwa nabywcy', text(dialog, 'Nazwa nabywcy')),
      await meter.typeInto('invoice', 'Nazwa 1 (pozycja)', text(dialog, 'Nazwa 1')),
      await meter.typeInto('invoice', 'Uwagi (na fakturze)', text(dialog, 'Uwagi (na fakturze)')),
    ];
    const local = await meter.plainInput(undefined, dialog);
    await discard(page, dialog);
    judge('invoice', measures, local);
  });

  for (const [form, button, title] of [
    ['customer', 'Nowy klient', 'Dodaj klienta'],
    ['carrier', 'Nowy przewoźnik', 'Dodaj przewoźnika'],
  ] as const) {
    it(`${form}: the company's name and the street`, async () => {
      const dialog = await openDialog(button, title);
      const measures = [
        await meter.typeInto(form, 'Nazwa firmy', text(dialog, 'Nazwa firmy')),
        await meter.typeInto(form, 'Ulica i numer', text(dialog, 'Ulica i numer')),
      ];
      const local = await meter.plainInput(undefined, dialog);
      await discard(page, dialog);
      judge(form, measures, local);
    });
  }

  it('task: the comment', async () => {
    const dialog = await openDialog('Nowe zadanie', 'Dodaj zadanie');
    const measures = [await meter.typeInto('task', 'Komentarz', text(dialog, 'Komentarz'))];
    const local = await meter.plainInput(undefined, dialog);
    await discard(page, dialog);
    judge('task', measures, local);
  });

  it('contact attempt: the comment', async () => {
    await nav(page).getByRole('link', { name: 'Zadania', exact: true }).click();
    const row = page
      .getByRole('table', { name: 'Lista zadań' })
      .getByRole('row')
      .filter({ hasText: `Pisanie ${suffix}` });
    await row.first().getByRole('button', { name: 'Dodaj próbę kontaktu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj próbę kontaktu' });
    const measures = [await meter.typeInto('contact attempt', 'Komentarz', text(dialog, 'Komentarz'))];
    const local = await meter.plainInput(undefined, dialog);
    await discard(page, dialog);
    judge('contact attempt', measures, local);
  });

  it("import: the saved mapping's name (issue 36)", async () => {
    await page.goto('/customers/import');
    await page.getByRole('heading', { name: 'Import klientów' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'pisanie.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Nazwa firmy;NIP\nPisanie ${suffix};\n`),
    });
    const name = page.getByRole('textbox', { name: 'Nazwa mapowania', exact: true });
    await name.waitFor();
    await page.waitForLoadState('networkidle');
    const measures = [await meter.typeInto('import', 'Nazwa mapowania', name)];
    // Against a plain input on the same page (its 50-row preview and two dozen selects are painted for any key).
    const local = await meter.plainInput(undefined, page.getByRole('main'));
    judge('import', measures, local);
  });

  it("unloading confirmation: the carrier's rating comment (issue 39)", async () => {
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page
      .getByRole('search', { name: 'Filtry' })
      .getByRole('textbox', { name: 'Filtr: Towar' })
      .fill(`Pisanie ${suffix}`);
    const row = page
      .getByRole('table', { name: 'Lista zleceń' })
      .getByRole('row')
      .filter({ hasText: `Pisanie ${suffix}` });
    await row.first().getByRole('button', { name: 'Potwierdzenia' }).click();
    await page.getByRole('menuitem', { name: 'Potwierdź rozładunek' }).click();
    const dialog = page.getByRole('dialog', { name: 'Potwierdzenie rozładunku' });
    const comment = text(dialog, 'Komentarz do oceny');
    await comment.waitFor();
    const measures = [await meter.typeInto('rating', 'Komentarz do oceny', comment)];
    // The plain input typed in the same place: inside the rating's box, where the comment is (the dialog's end is
    // painted apart from the form's body).
    const local = await meter.plainInput(
      undefined,
      dialog.getByRole('group', { name: 'Ocena przewoźnika (opcjonalnie)' }),
    );
    await page.keyboard.press('Escape');
    const unsaved = page.getByRole('dialog', { name: 'Niezapisane zmiany' });
    if (await unsaved.isVisible().catch(() => false)) {
      await unsaved.getByRole('button', { name: 'Zamknij bez zapisywania' }).click();
    }
    await dialog.waitFor({ state: 'hidden' });
    judge('rating', measures, local);
  });

  it('transfer batch: the reason for an account not on the white list', async () => {
    await nav(page).getByRole('link', { name: 'Do zapłaty' }).click();
    const row = page
      .getByRole('table', { name: 'Faktury przewoźników do zapłaty' })
      .getByRole('row', { name: `Faktura przewoźnika FP/pisanie/${suffix}` });
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Przygotuj przelewy' }).click();
    const dialog = page.getByRole('dialog');
    const measures = [
      await meter.typeInto(
        'transfer batch',
        'Powód zatwierdzenia',
        dialog.getByRole('textbox', { name: /^Powód zatwierdzenia mimo braku na białej liście/ }),
      ),
    ];
    const local = await meter.plainInput(undefined, dialog);
    await page.keyboard.press('Escape');
    judge('transfer batch', measures, local);
  });

  it("carrier's invoice by hand: the number, the account, an order's number", async () => {
    await nav(page).getByRole('link', { name: 'Do zapłaty' }).click();
    await page.getByRole('button', { name: 'Dodaj fakturę przewoźnika' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj fakturę przewoźnika' });
    await dialog.waitFor();
    const measures = [
      await meter.typeInto("carrier's invoice", 'Numer faktury', text(dialog, 'Numer faktury')),
      await meter.typeInto("carrier's invoice", 'Rachunek przewoźnika', text(dialog, 'Rachunek przewoźnika')),
      await meter.typeInto("carrier's invoice", 'Numer zlecenia', text(dialog, 'Numer zlecenia')),
    ];
    const local = await meter.plainInput(undefined, dialog);
    await dialog.getByRole('button', { name: 'Zamknij' }).last().click();
    judge("carrier's invoice", measures, local);
  });

  it("a carrier's invoice's corrective ('Korekta'): the number, the account", async () => {
    await nav(page).getByRole('link', { name: 'Do zapłaty' }).click();
    const row = page
      .getByRole('table', { name: 'Faktury przewoźników do zapłaty' })
      .getByRole('row', { name: `Faktura przewoźnika FP/pisanie/${suffix}` });
    await row.getByRole('button', { name: 'Korekta' }).click();
    const dialog = page.getByRole('dialog', { name: `Korekta faktury przewoźnika FP/pisanie/${suffix}` });
    await dialog.waitFor();
    const measures = [
      await meter.typeInto("carrier's corrective", 'Numer faktury', text(dialog, 'Numer faktury')),
      await meter.typeInto("carrier's corrective", 'Rachunek przewoźnika', text(dialog, 'Rachunek przewoźnika')),
    ];
    const local = await meter.plainInput(undefined, dialog);
    await dialog.getByRole('button', { name: 'Zamknij' }).last().click();
    judge("carrier's corrective", measures, local);
  });

  it("the carrier's link on a phone (390×844): the driver's form after accepting, an invoice's number", async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
      isMobile: true,
      hasTouch: true,
    });
    phone.setDefaultTimeout(15_000);
    const portal = await phone.newPage();
    const portalMeter = await TypingMeter.attach(portal);
    await portal.goto(portalLink);
    await portal.getByRole('button', { name: 'Przyjmuję zlecenie' }).click();
    await portal.getByText('Zlecenie przyjęte').waitFor();
    const measures = [
      await portalMeter.typeInto('portal', 'Imię i nazwisko kierowcy', portal.getByLabel('Imię i nazwisko kierowcy')),
      await portalMeter.typeInto(
        'portal',
        'Numer rejestracyjny ciągnika',
        portal.getByLabel('Numer rejestracyjny ciągnika'),
      ),
    ];
    // Issue 38: the invoice's number typed with its file.
    await portal
      .locator('.mantine-SegmentedControl-label')
      .filter({ hasText: /^Faktura$/ })
      .click();
    measures.push(await portalMeter.typeInto('portal', 'Numer faktury', portal.getByLabel('Numer faktury')));
    const local = await portalMeter.plainInput();
    await phone.close();
    judge("carrier's link (390×844)", measures, local);
  });

  it("the customer panel on a phone (390×844): 'Nowe zapytanie', the cargo and the notes", async () => {
    const phone = await browser.newContext({
      baseURL: baseURL(),
      viewport: { width: 390, height: 844 },
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
      isMobile: true,
      hasTouch: true,
    });
    phone.setDefaultTimeout(15_000);
    await phone.addInitScript((pair) => {
      window.localStorage.setItem('token', pair.token);
      window.localStorage.setItem('refreshToken', pair.refreshToken);
    }, panelTokens);
    const panel = await phone.newPage();
    const panelMeter = await TypingMeter.attach(panel);
    await panel.goto('/panel/nowe');
    const form = panel.getByRole('form', { name: 'Nowe zapytanie' });
    await form.waitFor();
    const measures = [
      await panelMeter.typeInto('panel query', 'Towar', form.getByRole('textbox', { name: 'Towar' })),
      await panelMeter.typeInto('panel query', 'Uwagi', form.getByRole('textbox', { name: 'Uwagi' })),
    ];
    const local = await panelMeter.plainInput();
    await phone.close();
    judge('customer panel query (390×844)', measures, local);
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext, warsawNow } from './browser.ts';
import { apiAs, filters, nav, randomNip, toast, typeInto } from './fixtures.ts';

/**
 * The loadings walk: an order shows on its loading and its unloading day in the calendar; the dispatcher confirms the
 * loading (ProForma? no), then the unloading with the payment (VAT invoice? yes: the invoice modal is the order's),
 * and the order leaves the active orders for the archive.
 */

const suffix = Date.now().toString(36);
const CARGO = `Zaladunek-e2e-${suffix}`;
// Long, as real names are: the confirmation's 'Podgląd zlecenia' must keep its whole label beside it (issue 34).
const CUSTOMER = `Przedsiębiorstwo Handlowo-Usługowe Odbiorca Załadunków Sp. z o.o. ${suffix}`;

/** A Polish NIP with a valid checksum, different on every run (the customers' NIPs are unique). */

const calendar = (page: Page) => page.getByTestId('loadings-calendar');

const dd = (n: number) => String(n).padStart(2, '0');
/** A day from today on Warsaw's clock (the browser's in the walks), 'YYYY-MM-DD'. */
function dayFromToday(days: number): string {
  const d = warsawNow();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${dd(d.getMonth() + 1)}-${dd(d.getDate())}`;
}

describe('loadings: the calendar, both confirmations with their invoice questions, the archive', () => {
  let browser: Browser;
  let token: string;
  let customerIri: string;
  let number: string;
  const loadingDay = dayFromToday(1);
  const unloadingDay = dayFromToday(2);

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await apiAs(token, 'POST', '/api/customers', {
      companyName: CUSTOMER,
      nip: randomNip(),
      email: `zaladunki.${suffix}@odbiorca.example`,
      streetAddress: 'ul. Magazynowa 3',
      postalCode: '61-131',
      city: 'Poznań',
      country: 'PL',
    });
    const order = await apiAs(token, 'POST', '/api/orders', {
      cargo: CARGO,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: `${loadingDay} 08:00`,
      unloadingCity: 'Warszawa',
      unloadingCountry: 'PL',
      unloadingDate: unloadingDay,
      customer: customer['@id'],
      customerPrice: 250_000,
      customerDateOfPayment: dayFromToday(30),
    });
    number = order.number;
    customerIri = customer['@id'];
  });

  const orderOn = (cargo: string, loadingDate: string, unloadingDate: string, fields: Record<string, unknown> = {}) =>
    apiAs(token, 'POST', '/api/orders', {
      cargo,
      loadingCity: 'Gdańsk',
      loadingCountry: 'PL',
      loadingDate,
      unloadingCity: 'Kraków',
      unloadingCountry: 'PL',
      unloadingDate,
      customer: customerIri,
      customerPrice: 180_000,
      ...fields,
    });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Drags an event onto a day of the month view as a mouse does. The window is tall enough for the whole month, so
   * that FullCalendar does not scroll the page under the pointer (it does near an edge).
   */
  async function dragTo(page: Page, event: Locator, day: string) {
    const from = await event.boundingBox();
    const to = await calendar(page).locator(`td[data-date="${day}"]`).boundingBox();
    if (!from || !to) throw new Error('event or day not on screen');
    await event.hover();
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
    await page.mouse.up();
  }

  it('says so when the calendar cannot be loaded', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await page.route('**/api/orders?*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/problem+json', body: '{"status":503}' }),
    );
    await page.goto('/loadings/calendar');
    await page
      .getByTestId('calendar-error')
      .filter({ hasText: 'Wystąpił błąd podczas ładowania danych kalendarza!' })
      .waitFor();
    await toast(page, 'Wystąpił błąd podczas ładowania danych kalendarza!').waitFor();
    await context.close();
  });

  it('confirms a loading and an unloading from the calendar, and the order moves to the archive', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);

    // The calendar opens on this month: the order on its loading day (at 08:00) and on its unloading day.
    await nav(page).getByRole('link', { name: 'Kalendarz' }).click();
    await page.waitForURL('**/loadings/calendar**');
    await page.getByRole('heading', { name: 'Kalendarz załadunków' }).waitFor();
    const loading = calendar(page)
      .locator(`td[data-date="${loadingDay}"] .fc-event`)
      .filter({ hasText: `Załadunek ${number}` });
    const unloading = calendar(page)
      .locator(`td[data-date="${unloadingDay}"] .fc-event`)
      .filter({ hasText: `Rozładunek ${number}` });
    await loading.waitFor();
    await unloading.waitFor();
    await expect(loading.innerText()).resolves.toContain('08:00');
    expect(await loading.innerText()).toContain(`${CUSTOMER} · Poznań → Warszawa`);
    // The view and its date are in the address: a reload shows the same calendar.
    expect(new URL(page.url()).searchParams.get('view')).toBe('dayGridMonth');

    // The loading: the order preview opens over the confirmation; then loaded, with the driver; ProForma? no.
    await loading.click();
    const loadingDialog = page.getByRole('dialog', { name: 'Potwierdzenie załadunku' });
    await loadingDialog.getByText(`Zlecenie ${number}`).waitFor();
    const previewLabel = loadingDialog
      .getByRole('button', { name: 'Podgląd zlecenia' })
      .locator('.mantine-Button-label');
    await expect(previewLabel.evaluate((label) => label.scrollWidth <= label.clientWidth)).resolves.toBe(true);
    await loadingDialog.getByRole('button', { name: 'Podgląd zlecenia' }).click();
    const preview = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
    await preview.getByRole('button', { name: 'Anuluj' }).waitFor();
    await preview.getByRole('button', { name: 'Anuluj' }).click();
    await preview.waitFor({ state: 'hidden' });
    await loadingDialog.getByLabel('Załadunek zakończony').check();
    // The time it was loaded typed, not picked: that day at 10:30 (it was planned at 08:00).
    const [ly, lm, ld] = loadingDay.split('-');
    const loadedAt = loadingDialog.getByLabel('Data załadunku');
    await loadedAt.fill(`${ld}.${lm}.${ly} 10:30`);
    await loadedAt.press('Tab');
    await expect(loadedAt.inputValue()).resolves.toBe(`${ld}/${lm}/${ly} 10:30`);
    // Wide enough to show the day with its time whole.
    expect(await loadedAt.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth)).toBe(true);
    await typeInto(loadingDialog.getByLabel('Kierowca'), 'Jan Kowalski');
    await typeInto(loadingDialog.getByLabel('Ciągnik (nr rej.)'), 'PO 12345');
    // Saved (the confirmation closes), the server asks for the ProForma: the question stays until answered.
    await loadingDialog.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await loadingDialog.waitFor({ state: 'hidden' });
    const proForma = page.getByRole('dialog', { name: 'Faktura ProForma' });
    await proForma.getByText('Czy wystawić fakturę ProForma?').waitFor();
    await proForma.getByRole('button', { name: 'Nie' }).click();
    await proForma.waitFor({ state: 'hidden' });
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    // Confirmed: green, and the truck shows on the event.
    await loading.and(page.locator('.loading-event-done')).filter({ hasText: 'PO 12345' }).waitFor();
    await expect(loading.innerText()).resolves.toContain('10:30');

    // The unloading with the customer's payment: VAT invoice? yes — the invoice modal of this order.
    await unloading.click();
    const unloadingDialog = page.getByRole('dialog', { name: 'Potwierdzenie rozładunku' });
    await unloadingDialog.getByText(`Zlecenie ${number}`).waitFor();
    await unloadingDialog.getByLabel('Rozładunek zakończony').check();
    await unloadingDialog.getByLabel('Klient opłacił').check();
    await unloadingDialog.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await unloadingDialog.waitFor({ state: 'hidden' });
    const vat = page.getByRole('dialog', { name: 'Faktura VAT' });
    await vat.getByText('Czy wystawić fakturę VAT?').waitFor();
    await vat.getByRole('button', { name: 'Tak' }).click();
    const invoice = page.getByRole('dialog', { name: 'Nowa faktura VAT' });
    await invoice.getByLabel('Nazwa nabywcy').waitFor();
    await expect(invoice.getByLabel('Nazwa nabywcy').inputValue()).resolves.toBe(CUSTOMER);
    // The order's price (2 500,00 zł) with 23 % VAT on a domestic route.
    await invoice.getByTestId('invoice-total-gross').filter({ hasText: '3 075,00 zł' }).waitFor();
    // Not issued now: closed with Esc (the invoice form may count its computed positions as a change, and ask first).
    await page.keyboard.press('Escape');
    const discard = page.getByRole('button', { name: 'Zamknij bez zapisywania' });
    await Promise.race([invoice.waitFor({ state: 'hidden' }), discard.waitFor()]);
    if (await discard.isVisible()) await discard.click();
    await invoice.waitFor({ state: 'hidden' });
    await unloading.and(page.locator('.loading-event-done')).waitFor();

    // Finished: no longer among the active orders…
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), CARGO);
    const ordersTable = page.getByRole('table', { name: 'Lista zleceń' });
    await ordersTable.getByText('Brak danych do wyświetlenia').waitFor();

    // …but in the archive, loaded, unloaded and paid, with the driver; its number opens the order.
    await nav(page).getByRole('link', { name: 'Archiwum' }).click();
    await page.waitForURL('**/loadings/archive');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Numer' }), number);
    const row = page
      .getByRole('table', { name: 'Archiwum załadunków' })
      .getByRole('row', { name: `Zlecenie ${number}` });
    await row.waitFor();
    // textContent: the badges are shown in capitals by CSS.
    const text = (await row.textContent()) ?? '';
    for (const expected of [
      'Poznań → Warszawa',
      CUSTOMER,
      'Jan Kowalski',
      'PO 12345',
      'Załadowano',
      'Rozładowano',
      'Opłacone',
    ]) {
      expect(text).toContain(expected);
    }
    await row.getByRole('button', { name: number }).click();
    await page.getByRole('dialog', { name: 'Edytuj zlecenie' }).getByRole('button', { name: 'Anuluj' }).waitFor();
    await context.close();
    // A long walk through four screens: more than the default minute on a machine shared with other work.
  }, 150_000);

  it('moves a date by dragging, never the loading after the unloading, and undoes the move', async () => {
    const moved = await orderOn(`Przesuwany-${suffix}`, dayFromToday(1), dayFromToday(2));
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1400, height: 1600 });
    await loginAs(page);
    await page.goto('/loadings/calendar');
    const loading = calendar(page)
      .locator('.fc-event')
      .filter({ hasText: `Załadunek ${moved.number}` });
    const unloading = calendar(page)
      .locator('.fc-event')
      .filter({ hasText: `Rozładunek ${moved.number}` });
    await loading.waitFor();

    // The loading onto a day after the unloading: refused, nothing saved.
    await dragTo(page, loading, dayFromToday(3));
    await toast(page, 'Data załadunku nie może być późniejsza niż data rozładunku!').waitFor();
    expect((await apiAs(token, 'GET', `/api/orders/${moved.uuid}`)).loadingDate).toBe(
      `${dayFromToday(1)}T00:00:00.000Z`,
    );

    // The unloading two days later: saved, and 'Cofnij' in the notification puts it back.
    await dragTo(page, unloading, dayFromToday(4));
    const [y, m, d] = dayFromToday(4).split('-');
    await toast(page, `Zlecenie ${moved.number}: rozładunek przeniesiono na ${d}/${m}/${y}.`).waitFor();
    expect((await apiAs(token, 'GET', `/api/orders/${moved.uuid}`)).unloadingDate).toBe(
      `${dayFromToday(4)}T00:00:00.000Z`,
    );
    await page.getByRole('button', { name: 'Cofnij' }).click();
    await expect
      .poll(async () => (await apiAs(token, 'GET', `/api/orders/${moved.uuid}`)).unloadingDate)
      .toBe(`${dayFromToday(2)}T00:00:00.000Z`);
    await context.close();
  }, 120_000);

  it('opens the confirmations from the orders table, whose red warning shows an order in the calendar', async () => {
    const cargo = `Ukryty-${suffix}`;
    await orderOn(cargo, dayFromToday(1), dayFromToday(2), { showInCalendar: false });
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await page.waitForURL('**/orders');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), cargo);
    const row = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: cargo });
    await row.waitFor();

    const warning = row.getByRole('button', { name: 'Niewidoczne w kalendarzu — kliknij, aby pokazać w kalendarzu' });
    await warning.click();
    await warning.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Potwierdzenia' }).click();
    await page.getByRole('menuitem', { name: 'Potwierdź załadunek' }).click();
    const dialog = page.getByRole('dialog', { name: 'Potwierdzenie załadunku' });
    await dialog.getByLabel('Załadunek zakończony').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: 'Potwierdzenia' }).click();
    await page.getByRole('menuitem', { name: 'Potwierdź rozładunek' }).click();
    await page.getByRole('dialog', { name: 'Potwierdzenie rozładunku' }).getByLabel('Klient opłacił').waitFor();
    await context.close();
  }, 120_000);
});

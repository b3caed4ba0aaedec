import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { allFilters, chooseColumns, filters, nav } from './fixtures.ts';

/**
 * The queries walk: add a query through the modal, find it, edit its price in the table, add a
 * carrier's offer, copy it, delete it with a reason, and restore it from the admin's deleted view.
 */

const suffix = Date.now().toString(36);
// Short enough to show whole in the table (the cargo cell truncates at 20 characters).
const CARGO = `Kwer ${suffix}`;
const CUSTOMER = `Odbiorca Kwerendy ${suffix}`;
const CARRIER = `Przewoźnik Kwerendy ${suffix}`;

const table = (page: Page, name = 'Lista zapytań') => page.getByRole('table', { name });
const queryRow = (page: Page, name?: string) => table(page, name).getByRole('row').filter({ hasText: CARGO });

async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  const login = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function chooseOption(page: Page, input: Locator, typed: string, option: string | RegExp) {
  await input.click();
  await input.pressSequentially(typed, { delay: 20 });
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

async function filterByCargo(page: Page) {
  const input = filters(page).getByRole('textbox', { name: 'Filtr: Towar' });
  await input.fill('');
  await input.pressSequentially(CARGO, { delay: 10 });
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

describe('queries: add, filter, edit in place, offers, copy, delete and restore', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await api('POST', '/customers', { companyName: CUSTOMER });
    await api('POST', '/carriers', { companyName: CARRIER });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks a query as a dispatcher does', async () => {
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    const page = await context.newPage();
    // A monitor: the walk is about the query's life, the widths are screen.e2e.ts's.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await loginAs(page);
    await page.getByRole('heading', { name: 'Zapytania' }).waitFor();
    await expect(page.title()).resolves.toBe('Zapytania – Spedycja');

    // The drawer's 'Nowe zapytanie' opens the query modal.
    await nav(page).getByRole('button', { name: 'Nowe zapytanie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj zapytanie' });
    await dialog.getByLabel('Miasto załadunku').pressSequentially('Poznań', { delay: 10 });
    await dialog.getByLabel('Kod pocztowy załadunku').fill('60-001');
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Kraj załadunku' }), 'Pols', 'Polska');
    await dialog.getByLabel('Miasto rozładunku').pressSequentially('Berlin', { delay: 10 });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Kraj rozładunku' }), 'Niem', 'Niemcy');
    // Esc in the open date picker closes the picker only: the modal and what was typed stay.
    await dialog.getByLabel('Data załadunku').click();
    const calendar = page
      .locator('.mantine-Popover-dropdown')
      .filter({ has: page.getByRole('button', { name: /2026|2027/ }) });
    await calendar.first().waitFor();
    await page.keyboard.press('Escape');
    await calendar.first().waitFor({ state: 'hidden' });
    await expect(dialog.getByLabel('Miasto załadunku').inputValue()).resolves.toBe('Poznań');
    await expect(dialog.isVisible()).resolves.toBe(true);
    // Typed the Polish way, with its time.
    await dialog.getByLabel('Data załadunku').fill('10.12.2026 08:00');
    // An unloading day before the loading day is refused before anything is sent.
    await dialog.getByLabel('Data rozładunku').fill('09/12/2026');
    await dialog.getByRole('textbox', { name: 'Towar', exact: true }).fill(CARGO);
    await dialog.getByLabel('Długość (m)').fill('13,6');
    await dialog.getByLabel('Waga (t)').fill('24');
    await dialog.getByLabel('Cena oczekiwana').fill('4 500,50');
    await chooseOption(
      page,
      dialog.getByRole('combobox', { name: 'Klient', exact: true }),
      CUSTOMER,
      new RegExp(suffix),
    );
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await dialog.getByText('Data załadunku nie może być późniejsza niż data rozładunku!').waitFor();
    await dialog.getByLabel('Data rozładunku').fill('11/12/2026');
    await dialog.getByRole('textbox', { name: 'Towar', exact: true }).click();
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Zapytanie zostało pomyślnie dodane!');
    await dialog.waitFor({ state: 'hidden' });

    // Find it with the cargo filter.
    await filterByCargo(page);
    await page.getByText('Znaleziono: 1', { exact: true }).waitFor();
    const row = queryRow(page);
    await row.waitFor();
    // The secondary columns start hidden (the table fits a laptop); the column chooser shows them, and remembers.
    await chooseColumns(page, [
      'Status',
      'Towar',
      'Miejsce załadunku',
      'Miejsce rozładunku',
      'Data załadunku',
      'Cena oczekiwana',
      'Parametry towaru',
      'Opiekun',
      'Klient',
    ]);
    await table(page)
      .getByRole('columnheader', { name: /Cena oczekiwana/ })
      .waitFor();
    const cells = (await row.innerText()).replace(/\s+/g, ' ');
    for (const text of ['Poznań', 'PL 60-001', 'Berlin', '08:00, 10/12/2026', '4 500,50 zł', CUSTOMER.slice(0, 20)]) {
      expect(cells).toContain(text);
    }
    expect(cells).toContain('13,60 × — × — m');
    await row.getByRole('img', { name: 'Aktywne' }).waitFor();
    // The owner is the logged-in user.
    expect(cells).toContain('Administrator');

    // The filter dialogs narrow the list too: a longer minimum length hides it, the loading city finds it.
    await allFilters(page);
    await filters(page).getByRole('button', { name: 'Wymiary towaru' }).click();
    const dimensions = page.getByRole('dialog', { name: 'Wymiary towaru' });
    await dimensions.getByLabel('Długość min (m)').fill('14');
    await dimensions.getByRole('button', { name: 'Zatwierdź' }).click();
    await dimensions.waitFor({ state: 'hidden' });
    await table(page).getByText('Brak danych do wyświetlenia').waitFor();
    await filters(page).getByRole('button', { name: 'Wymiary towaru (aktywny filtr)' }).click();
    await dimensions.getByRole('button', { name: 'Wyczyść' }).click();
    await dimensions.getByRole('button', { name: 'Zamknij' }).click();
    await row.waitFor();
    await filters(page).getByRole('button', { name: 'Adres załadunku' }).click();
    const address = page.getByRole('dialog', { name: 'Adres załadunku' });
    await address.getByLabel('Miasto').fill('Poznan');
    await address.getByRole('button', { name: 'Zamknij' }).click();
    await filters(page).getByRole('button', { name: 'Adres załadunku (aktywny filtr)' }).waitFor();
    await row.waitFor();
    await filters(page).getByRole('button', { name: 'Adres załadunku (aktywny filtr)' }).click();
    await address.getByLabel('Miasto').fill('Gniezno');
    await table(page).getByText('Brak danych do wyświetlenia').waitFor();
    await address.getByRole('button', { name: 'Wyczyść' }).click();
    await address.getByRole('button', { name: 'Zamknij' }).click();
    await row.waitFor();

    // Edit the expected price in place.
    await row.getByRole('button', { name: 'Edytuj: Cena oczekiwana' }).click();
    const priceDialog = page.getByRole('dialog', { name: 'Cena oczekiwana' });
    const price = priceDialog.getByRole('textbox', { name: 'Cena oczekiwana' });
    await expect(price.inputValue()).resolves.toBe('4500,50');
    await price.fill('5200,50');
    await priceDialog.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Zapytanie zostało pomyślnie zaktualizowane!');
    await priceDialog.waitFor({ state: 'hidden' });
    await row.getByText('5 200,50 zł').waitFor();

    // Add a carrier's offer; the best-offer button shows it afterwards.
    const offersButton = row.getByRole('button', { name: /^Oferty przewoźników/ });
    await expect(offersButton.innerText()).resolves.toBe('Brak');
    await offersButton.click();
    const offers = page.getByRole('dialog', { name: /^Oferty przewoźników: PL 60-001 Poznań → DE Berlin/ });
    await offers.getByText('Brak danych do wyświetlenia').waitFor();
    await offers.getByRole('button', { name: 'Dodaj ofertę' }).click();
    const offerForm = page.getByRole('dialog', { name: 'Dodaj ofertę przewoźnika' });
    await chooseOption(
      page,
      offerForm.getByRole('combobox', { name: 'Przewoźnik', exact: true }),
      CARRIER,
      new RegExp(suffix),
    );
    await offerForm.getByLabel('Cena').fill('3900');
    await offerForm.getByLabel('Adres e-mail').fill(`oferty.${suffix}@example.com`);
    await offerForm.getByLabel('Telefon', { exact: true }).fill('600100200');
    await offerForm.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Oferta została pomyślnie dodana!');
    await offerForm.waitFor({ state: 'hidden' });
    const offerRow = offers.getByRole('row').filter({ hasText: CARRIER });
    await offerRow.waitFor();
    const offerCells = await offerRow.innerText();
    for (const text of ['3 900,00 zł', '(0048) 600100200', `oferty.${suffix}@example.com`, 'brak']) {
      expect(offerCells).toContain(text);
    }
    await offers.getByRole('button', { name: 'Zamknij' }).click();
    await offers.waitFor({ state: 'hidden' });
    await expect(offersButton.innerText()).resolves.toBe('3 900,00 zł');

    // Copy the query for a message to carriers.
    await row.getByRole('button', { name: 'Kopiuj zapytanie' }).click();
    await toast(page, 'Zapytanie zostało skopiowane do schowka!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      [
        'Załadunek: PL 60-001 Poznań',
        'Rozładunek: DE Berlin',
        `Towar: ${CARGO}`,
        'Wymiary: 13,60 × — × — m',
        'Waga: 24,00 t',
      ].join('\n'),
    );

    // Delete it with a reason: it leaves the list.
    await row.getByRole('button', { name: 'Usuń' }).click();
    const prompt = page.getByRole('dialog', { name: 'Podaj powód usunięcia zapytania' });
    await expect(prompt.getByRole('combobox', { name: 'Powód usunięcia' }).inputValue()).resolves.toBe('Błędne dane');
    await prompt.getByRole('button', { name: 'Usuń' }).click();
    await toast(page, 'Zapytanie zostało pomyślnie usunięte!');
    await row.waitFor({ state: 'detached' });
    await table(page).getByText('Brak danych do wyświetlenia').waitFor();

    // The admin finds it among the deleted queries and restores it.
    await nav(page).getByRole('link', { name: 'Usunięte zapytania' }).click();
    await page.waitForURL('**/admin/deleted/queries');
    await page.getByRole('heading', { name: 'Usunięte zapytania' }).waitFor();
    await filterByCargo(page);
    const deletedRow = queryRow(page, 'Lista usuniętych zapytań');
    await deletedRow.waitFor();
    await expect(deletedRow.innerText()).resolves.toContain('Błędne dane');
    // Deleted queries are not edited in place.
    await expect(deletedRow.getByRole('button', { name: /^Edytuj/ }).count()).resolves.toBe(0);
    await deletedRow.getByRole('button', { name: 'Przywróć' }).click();
    await toast(page, 'Zapytanie zostało pomyślnie przywrócone!');
    await deletedRow.waitFor({ state: 'detached' });

    // Back among the queries, with its offer.
    await nav(page).getByRole('link', { name: 'Zapytania', exact: true }).click();
    await page.waitForURL('**/queries');
    await filterByCargo(page);
    await queryRow(page).waitFor();
    await expect(
      queryRow(page)
        .getByRole('button', { name: /^Oferty przewoźników/ })
        .innerText(),
    ).resolves.toBe('3 900,00 zł');
    await context.close();
  });
});

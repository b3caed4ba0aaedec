import { isValidPolishNip } from '@spedycja/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newContext } from './browser.ts';
import { filters, nav } from './fixtures.ts';

/** The customers walk: add, a duplicate NIP hinted and refused, edit, search without Polish letters, delete. */

const DUPLICATE = 'Klient o podanym numerze NIP lub numerze tel. już istnieje!';

/** A NIP no other walk uses, with a valid checksum. */
function uniqueNip(): string {
  for (;;) {
    const body = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
    const nip = [...Array(10).keys()].map((d) => `${body}${d}`).find(isValidPolishNip);
    if (nip && !body.startsWith('0')) return nip;
  }
}

const suffix = Date.now().toString(36);
const CUSTOMER = {
  company: `Przedsiębiorstwo Żółć ${suffix}`,
  /** What a person types when the keyboard has no Polish letters. */
  searchAs: `przedsiebiorstwo zolc ${suffix}`,
  name: 'Łukasz Gębicki',
  nip: uniqueNip(),
  phone: String(500_000_000 + Math.floor(Math.random() * 99_999_999)),
  email: `biuro.${suffix}@zolc.example.pl`,
  street: 'ul. Świętokrzyska 12',
  postalCode: '00-916',
  city: 'Warszawa',
};

const table = (page: Page) => page.getByRole('table', { name: 'Lista klientów' });
const customerRow = (page: Page) => table(page).getByRole('row').filter({ hasText: CUSTOMER.company });

async function chooseOption(page: Page, input: ReturnType<Page['getByRole']>, typed: string, option: string) {
  await input.click();
  await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function applySearch(page: Page, label: string, text: string) {
  const input = filters(page).getByRole('textbox', { name: `Filtr: ${label}` });
  await input.fill('');
  await input.pressSequentially(text, { delay: 15 });
  await filters(page).getByRole('button', { name: 'Filtruj' }).click();
}

describe('customers: add, duplicate, edit, search, delete', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks a customer from creation to deletion as a dispatcher does', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);

    // The drawer's '+' opens the same modal as the page's button.
    await nav(page).getByRole('button', { name: 'Nowy klient' }).click();
    await page.getByRole('dialog', { name: 'Dodaj klienta' }).getByRole('button', { name: 'Anuluj' }).click();
    await page.getByRole('dialog', { name: 'Dodaj klienta' }).waitFor({ state: 'hidden' });

    await nav(page).getByRole('link', { name: 'Klienci', exact: true }).click();
    await page.waitForURL('**/customers');
    await page.getByRole('heading', { name: 'Klienci' }).waitFor();
    await expect(page.title()).resolves.toBe('Klienci – Spedycja');

    // Add a customer, typing as a person does.
    await page.getByRole('button', { name: 'Dodaj klienta' }).click();
    let dialog = page.getByRole('dialog', { name: 'Dodaj klienta' });
    await dialog
      .getByRole('textbox', { name: 'Nazwa firmy', exact: true })
      .pressSequentially(CUSTOMER.company, { delay: 5 });
    await dialog
      .getByRole('textbox', { name: 'Imię i nazwisko', exact: true })
      .pressSequentially(CUSTOMER.name, { delay: 5 });
    await dialog.getByLabel('NIP', { exact: true }).pressSequentially(CUSTOMER.nip, { delay: 5 });
    await dialog.getByLabel('Telefon', { exact: true }).pressSequentially(CUSTOMER.phone, { delay: 5 });
    await dialog.getByLabel('Adres e-mail', { exact: true }).pressSequentially(CUSTOMER.email, { delay: 5 });
    await dialog.getByLabel('Ulica i numer', { exact: true }).pressSequentially(CUSTOMER.street, { delay: 5 });
    await dialog.getByLabel('Kod pocztowy', { exact: true }).pressSequentially(CUSTOMER.postalCode, { delay: 5 });
    await dialog.getByLabel('Miasto', { exact: true }).pressSequentially(CUSTOMER.city, { delay: 5 });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Kraj', exact: true }), 'Pols', 'Polska');
    await dialog.getByRole('combobox', { name: 'Pozyskany przez' }).click();
    await page.getByRole('option', { name: 'polecenie', exact: true }).click();
    await expect(dialog.getByRole('combobox', { name: 'Język' }).inputValue()).resolves.toBe('Polski');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Klient został pomyślnie dodany!', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The same NIP again: the hint appears after a pause, and the save is refused with the server's sentence.
    await page.getByRole('button', { name: 'Dodaj klienta' }).click();
    dialog = page.getByRole('dialog', { name: 'Dodaj klienta' });
    await dialog
      .getByRole('textbox', { name: 'Nazwa firmy', exact: true })
      .pressSequentially(`Inna firma ${suffix}`, { delay: 5 });
    await dialog.getByLabel('NIP', { exact: true }).pressSequentially(CUSTOMER.nip, { delay: 30 });
    // The hint says who has the number, with a link to open that customer.
    await dialog
      .getByText(/^W bazie znaleziono 1 klienta z podanym numerem\. Klient z tym numerem NIP już istnieje: /)
      .waitFor();
    await dialog.getByRole('button', { name: 'Otwórz' }).first().waitFor();
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: DUPLICATE });
    await refusal.waitFor();
    await expect(refusal.innerText()).resolves.toBe(DUPLICATE);
    // Nothing was saved and what was typed is still there.
    await expect(dialog.getByRole('textbox', { name: 'Nazwa firmy', exact: true }).inputValue()).resolves.toBe(
      `Inna firma ${suffix}`,
    );
    // Esc and 'Anuluj' ask before throwing away what was typed; 'Wróć do edycji' keeps it.
    await page.keyboard.press('Escape');
    const unsaved = page.getByRole('dialog', { name: 'Niezapisane zmiany' });
    await unsaved.getByText('Masz niezapisane zmiany. Zamknąć bez zapisywania?').waitFor();
    await unsaved.getByRole('button', { name: 'Wróć do edycji' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Nazwa firmy', exact: true }).inputValue()).resolves.toBe(
      `Inna firma ${suffix}`,
    );
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await unsaved.getByRole('button', { name: 'Zamknij bez zapisywania' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Find it by its exact name and edit it.
    await applySearch(page, 'Nazwa firmy', CUSTOMER.company);
    await customerRow(page).waitFor();
    // The filter applies after a pause: wait until only the header and this customer are left.
    await expect.poll(() => table(page).getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    const cells = await customerRow(page).innerText();
    expect(cells).toContain(CUSTOMER.nip);
    expect(cells).toContain(`(0048) ${CUSTOMER.phone}`);
    expect(cells).toContain('Polska');
    expect(cells).toContain('polecenie');
    await customerRow(page).getByRole('button', { name: 'Edytuj' }).click();
    dialog = page.getByRole('dialog', { name: 'Edytuj klienta' });
    const city = dialog.getByLabel('Miasto', { exact: true });
    await expect(city.inputValue()).resolves.toBe(CUSTOMER.city);
    // Its own NIP is not a duplicate of itself.
    await page.waitForTimeout(1500);
    await expect(dialog.getByText(/W bazie znaleziono/).count()).resolves.toBe(0);
    await city.fill('');
    await city.pressSequentially('Gdańsk', { delay: 20 });
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Klient został pomyślnie zaktualizowany!', { exact: true }).waitFor();
    await customerRow(page).filter({ hasText: 'Gdańsk' }).waitFor();

    // Search as one types without Polish letters.
    await filters(page).getByRole('button', { name: 'Wyczyść filtry' }).click();
    await applySearch(page, 'Szukaj', CUSTOMER.searchAs);
    await customerRow(page).waitFor();
    // The filter applies after a pause: wait until only the header and this customer are left.
    await expect.poll(() => table(page).getByRole('row').count(), { timeout: 10_000 }).toBe(2);

    // Delete it, after saying yes.
    await customerRow(page).getByRole('button', { name: 'Usuń' }).click();
    const confirm = page.getByRole('dialog', { name: 'Usuwanie klienta' });
    await confirm.getByText(`Czy na pewno chcesz usunąć klienta ${CUSTOMER.company} – ${CUSTOMER.name}?`).waitFor();
    await confirm.getByRole('button', { name: 'Tak' }).click();
    await page.getByText('Klient został pomyślnie usunięty!', { exact: true }).waitFor();
    await customerRow(page).waitFor({ state: 'detached' });
    await table(page).getByText('Brak danych do wyświetlenia').waitFor();
    await context.close();
  }, 120_000);
});

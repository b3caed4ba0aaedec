import { COUNTRY_GROUPS, isValidPolishNip } from '@spedycja/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newContext } from './browser.ts';
import { filters, nav } from './fixtures.ts';

/** The carriers walk: add with two whole country groups and a capacity, find by country and length, edit, delete. */

function uniqueNip(): string {
  for (;;) {
    const body = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
    const nip = [...Array(10).keys()].map((d) => `${body}${d}`).find(isValidPolishNip);
    if (nip && !body.startsWith('0')) return nip;
  }
}

const suffix = Date.now().toString(36);
const CARRIER = {
  company: `Transport Ślązak ${suffix}`,
  name: 'Zbigniew Źrebiec',
  nip: uniqueNip(),
  phone: String(600_000_000 + Math.floor(Math.random() * 99_999_999)),
  account: 'PL61 1090 1014 0000 0712 1981 2874',
};
const served = (id: string) => [...(COUNTRY_GROUPS.find((g) => g.id === id)?.countries ?? [])];
const SERVED = [...served('western'), ...served('northern')].sort();

const table = (page: Page) => page.getByRole('table', { name: 'Lista przewoźników' });
const carrierRow = (page: Page) => table(page).getByRole('row').filter({ hasText: CARRIER.company });

async function typeInto(input: ReturnType<Page['getByRole']>, text: string) {
  await input.fill('');
  await input.pressSequentially(text, { delay: 15 });
}

describe('carriers: add, filter by what they can carry, edit, delete', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks a carrier from creation to deletion as a dispatcher does', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);

    await nav(page).getByRole('button', { name: 'Nowy przewoźnik' }).click();
    await page.getByRole('dialog', { name: 'Dodaj przewoźnika' }).getByRole('button', { name: 'Anuluj' }).click();
    await page.getByRole('dialog', { name: 'Dodaj przewoźnika' }).waitFor({ state: 'hidden' });

    await nav(page).getByRole('link', { name: 'Przewoźnicy', exact: true }).click();
    await page.waitForURL('**/carriers');
    await page.getByRole('heading', { name: 'Przewoźnicy' }).waitFor();

    // Add: two whole groups by their select-all buttons, and a capacity typed with commas.
    await page.getByRole('button', { name: 'Dodaj przewoźnika' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj przewoźnika' });
    await dialog
      .getByRole('textbox', { name: 'Nazwa firmy', exact: true })
      .pressSequentially(CARRIER.company, { delay: 5 });
    await dialog
      .getByRole('textbox', { name: 'Imię i nazwisko', exact: true })
      .pressSequentially(CARRIER.name, { delay: 5 });
    await dialog.getByLabel('NIP', { exact: true }).pressSequentially(CARRIER.nip, { delay: 5 });
    await dialog.getByLabel('Telefon', { exact: true }).pressSequentially(CARRIER.phone, { delay: 5 });
    await dialog.getByLabel('Numer konta', { exact: true }).pressSequentially(CARRIER.account, { delay: 5 });
    await dialog.getByRole('combobox', { name: 'Sposób kontaktu' }).click();
    await page.getByRole('option', { name: 'telefon/email', exact: true }).click();
    await dialog.getByLabel('Maks. długość (m)').pressSequentially('13,6', { delay: 20 });
    await dialog.getByLabel('Maks. szerokość (m)').pressSequentially('2,45', { delay: 20 });
    await dialog.getByLabel('Maks. wysokość (m)').pressSequentially('2,7', { delay: 20 });
    await dialog.getByLabel('Maks. waga (t)').pressSequentially('24', { delay: 20 });
    await dialog.getByRole('button', { name: 'Zaznacz wszystkie (Europa Zachodnia)' }).click();
    await dialog.getByRole('button', { name: 'Zaznacz wszystkie (Europa Północna)' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Niemcy' }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByRole('checkbox', { name: 'Norwegia' }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByRole('checkbox', { name: 'Polska' }).isChecked()).resolves.toBe(false);
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Przewoźnik został pomyślnie dodany!', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // A dispatcher with a 13.6 m load to Norway finds them.
    await page.getByRole('combobox', { name: 'Filtr: Kraj obsługiwany' }).click();
    await page.getByRole('combobox', { name: 'Filtr: Kraj obsługiwany' }).pressSequentially('Norw', { delay: 20 });
    await page.getByRole('option', { name: 'Norwegia', exact: true }).click();
    const minLength = filters(page).getByRole('textbox', { name: 'Filtr: Min. długość (m)' });
    await typeInto(minLength, '13,6');
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await carrierRow(page).waitFor();
    const cells = await carrierRow(page).innerText();
    expect(cells).toContain(SERVED.join(', '));
    expect(cells).toContain('13,60 × 2,45 × 2,70 m, 24,00 t');
    expect(cells).toContain('telefon/email');
    expect(cells).toContain(`(0048) ${CARRIER.phone}`);

    // …and one with a 14 m load does not.
    await typeInto(minLength, '14');
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await carrierRow(page).waitFor({ state: 'detached' });
    await typeInto(minLength, '13,6');
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await carrierRow(page).waitFor();

    // Edit: the capacity shows as decimals; a heavier weight is saved.
    await carrierRow(page).getByRole('button', { name: 'Edytuj' }).click();
    const edit = page.getByRole('dialog', { name: 'Edytuj przewoźnika' });
    const weight = edit.getByLabel('Maks. waga (t)');
    await expect(weight.inputValue()).resolves.toBe('24,00');
    await expect(edit.getByLabel('Maks. długość (m)').inputValue()).resolves.toBe('13,60');
    await typeInto(weight, '25,5');
    await edit.getByRole('button', { name: 'Odznacz wszystkie (Europa Północna)' }).click();
    await edit.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Przewoźnik został pomyślnie zaktualizowany!', { exact: true }).waitFor();
    // No longer serving Norway, it leaves the filtered list.
    await carrierRow(page).waitFor({ state: 'detached' });
    await filters(page).getByRole('button', { name: 'Wyczyść filtry' }).click();
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Szukaj' }), CARRIER.company);
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await carrierRow(page).filter({ hasText: '13,60 × 2,45 × 2,70 m, 25,50 t' }).waitFor();
    await expect(carrierRow(page).innerText()).resolves.toContain(served('western').sort().join(', '));

    // Delete it, after saying yes.
    await carrierRow(page).getByRole('button', { name: 'Usuń' }).click();
    const confirm = page.getByRole('dialog', { name: 'Usuwanie przewoźnika' });
    await confirm.getByRole('button', { name: 'Tak' }).click();
    await page.getByText('Przewoźnik został pomyślnie usunięty!', { exact: true }).waitFor();
    await carrierRow(page).waitFor({ state: 'detached' });
    await table(page).getByText('Brak danych do wyświetlenia').waitFor();
    await context.close();
  }, 120_000);
});

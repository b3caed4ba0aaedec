import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeCustomersWorkbook } from '../../api/test/fixtures/imports/officeCustomers.ts';
import { launchBrowser, loginAs, newContext } from './browser.ts';
import { filters } from './fixtures.ts';

/**
 * Issue 36 as its user meets it: an admin with the office's Excel file of 800 customers (a title row, 'Tel.',
 * 'Adres' holding only the street, NIPs with dashes, a few wrong NIPs, a second sheet of notes) imports it through
 * the screens on a 1366×768 laptop: upload, mapping ('Adres' moved to 'Ulica' by hand), 'Sprawdź', 'Importuj', the
 * result, and the rejected rows' CSV downloaded with its 'Błąd' column.
 */

const tag = `Biuro${Date.now().toString(36)}`;
const COUNT = 800;

describe('imports: an office sheet of 800 customers at 1366×768', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('uploads, maps, checks, imports and downloads the rejected rows', async () => {
    const sheet = await officeCustomersWorkbook(COUNT, Date.now() % 800_000_000, tag);
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAs(page);
    await page.goto('/customers');
    await page.getByRole('main').getByRole('link', { name: 'Importuj', exact: true }).click();
    await page.getByRole('heading', { name: 'Import klientów' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'kontrahenci.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet.data,
    });
    await page.getByText(`Wierszy: ${COUNT}`).waitFor({ timeout: 30_000 });
    // The first sheet is read (the title row above the header skipped); the other is offered.
    expect(await page.getByRole('combobox', { name: 'Arkusz' }).inputValue()).toBe('Kontrahenci');
    const preview = page.getByRole('table', { name: 'Podgląd (pierwsze 50 wierszy po normalizacji)' });
    await preview.getByRole('cell', { name: `${tag} Kontrahent 1 Sp. z o.o.`, exact: true }).waitFor();
    // NIP digits without dashes, the phone split into its prefix and number, 'Polska' read as PL.
    const firstRow = preview.getByRole('row').filter({ hasText: `${tag} Kontrahent 1 Sp. z o.o.` });
    await firstRow.getByText(/^\+48 5\d{8}$/).waitFor();
    await firstRow.getByText(/^PL \(Polska\)$/).waitFor();

    // 'Adres' holds only the street here: the proposal took it for the whole address; moved to 'Ulica' by hand.
    await page.getByRole('combobox', { name: 'Ulica', exact: true }).click();
    await page.getByRole('option', { name: 'Adres', exact: true }).click();
    await page.getByRole('combobox', { name: 'Adres (ulica, kod i miasto w jednej kolumnie)', exact: true }).click();
    await page.getByRole('option', { name: '— nie importuj —', exact: true }).click();
    await preview.getByRole('columnheader', { name: 'Ulica', exact: true }).waitFor();
    await preview.getByRole('columnheader', { name: /^Adres/ }).waitFor({ state: 'detached' });
    await firstRow.getByText('ul. Spedycyjna 1', { exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/imp-office-mapping.png', fullPage: false });

    // The actions are in sight below the mapping and the 50-row preview, without scrolling (a bar at the window's
    // bottom edge).
    const inSight = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    expect(await inSight('Sprawdź')).toBe(true);
    expect(await inSight('Importuj')).toBe(true);
    await page.getByRole('button', { name: 'Sprawdź' }).click();
    const checked = page.getByLabel('Wynik sprawdzenia');
    await checked.waitFor({ timeout: 60_000 }).catch(async (error) => {
      await page.screenshot({ path: '/tmp/imp-office-check.png', fullPage: true });
      throw error;
    });
    await page.screenshot({ path: '/tmp/imp-office-check.png', fullPage: true });
    await checked.getByText(`Nowe: ${COUNT - sheet.refused.length}`).waitFor({ timeout: 30_000 });
    await checked.getByText(`Błędy: ${sheet.refused.length}`).waitFor();
    await page.getByText(new RegExp(`Wiersz ${sheet.refused[0]}: NIP`)).waitFor();

    await page.getByRole('button', { name: 'Importuj', exact: true }).click();
    await page.getByText('Import zakończony').waitFor({ timeout: 90_000 });
    const result = page.getByLabel('Wynik importu');
    await result.getByText(`Nowe: ${COUNT - sheet.refused.length}`).waitFor();
    await result.getByText(`Błędy: ${sheet.refused.length}`).waitFor();
    await page.screenshot({ path: '/tmp/imp-office-done.png', fullPage: false });

    // The rejected rows: the file's own columns and 'Błąd', one line each, to fix and import again.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Pobierz odrzucone wiersze' }).first().click(),
    ]);
    const text = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Nazwa firmy;NIP;Tel.;E-mail;Adres;Kod;Miejscowość;Kraj;Uwagi;Błąd');
    expect(lines).toHaveLength(1 + sheet.refused.length);
    expect(lines[1]).toContain(sheet.names[(sheet.refused[0] ?? 3) - 3]);

    // One of the customers, in the list with its street and city.
    await page.goto('/customers');
    const input = filters(page).getByRole('textbox', { name: 'Filtr: Nazwa firmy' });
    await input.pressSequentially(`${tag} Kontrahent 2 `, { delay: 10 });
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: `${tag} Kontrahent 2 Sp. z o.o.` })
      .getByText('Kraków')
      .waitFor();
    await context.close();
  }, 240_000);
});

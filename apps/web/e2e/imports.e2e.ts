import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newContext } from './browser.ts';
import { filters, randomNip } from './fixtures.ts';

/**
 * Issue 36: the admin imports customers from a file: drops it, changes one mapped column, sees the refused value in
 * red in the preview, runs 'Sprawdź', imports, and finds the imported customer's history line.
 */

const suffix = Date.now().toString(36);
const FIRST = `Import Pierwszy ${suffix}`;
const SECOND = `Import Drugi ${suffix}`;
const file = Buffer.from(
  [
    'Nazwa firmy;NIP;Telefon;Kraj;Siedziba',
    `${FIRST};${randomNip()};;Polska;Radom`,
    `${SECOND};${randomNip()};;Niemcy;Berlin`,
    `Import Zły ${suffix};;;Narnia;Nigdzie`,
  ].join('\r\n'),
);

describe('imports: customers from a CSV file', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('drops a file, maps a column, sees the red cell, checks, imports and finds the history line', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await page.goto('/customers');
    await page.getByRole('main').getByRole('link', { name: 'Importuj', exact: true }).click();
    await page.getByRole('heading', { name: 'Import klientów' }).waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'klienci-e2e.csv', mimeType: 'text/csv', buffer: file });
    const preview = page.getByRole('table', { name: 'Podgląd (pierwsze 50 wierszy po normalizacji)' });
    await preview.waitFor();
    // 'Siedziba' is no header the app knows: mapped to the city by hand.
    await page.getByRole('combobox', { name: 'Miasto', exact: true }).click();
    await page.getByRole('option', { name: 'Siedziba', exact: true }).click();
    await preview.getByRole('columnheader', { name: 'Miasto' }).waitFor();
    await preview.getByRole('cell', { name: 'Radom' }).waitFor();
    // The country nobody knows, in red with its reason; 'Niemcy' read as DE.
    const red = preview.locator('td[data-error="true"]').filter({ hasText: 'Nieznany kraj: Narnia' });
    await red.waitFor();
    expect(await red.evaluate((td) => getComputedStyle(td).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await preview.getByRole('cell', { name: 'DE (Niemcy)' }).waitFor();

    await page.getByRole('button', { name: 'Sprawdź' }).click();
    const checked = page.getByLabel('Wynik sprawdzenia');
    await checked.getByText('Nowe: 2').waitFor();
    await checked.getByText('Błędy: 1').waitFor();
    await page.getByText(/Wiersz 4: Kraj: Nieznany kraj: Narnia/).waitFor();

    await page.getByRole('button', { name: 'Importuj', exact: true }).click();
    await page.getByText('Import zakończony').waitFor({ timeout: 20_000 });
    await page.getByLabel('Wynik importu').getByText('Nowe: 2').waitFor();
    await page.getByRole('button', { name: 'Pobierz odrzucone wiersze' }).first().waitFor();
    await page.getByRole('table', { name: 'Historia importów' }).getByText('klienci-e2e.csv').first().waitFor();

    // The imported customer, with its line 'Import: {file}, wiersz {n}'.
    await page.goto('/customers');
    const input = filters(page).getByRole('textbox', { name: 'Filtr: Nazwa firmy' });
    await input.pressSequentially(FIRST, { delay: 10 });
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    const row = page.getByRole('row').filter({ hasText: FIRST });
    await row.getByText('Radom').waitFor();
    await row.getByRole('button', { name: 'Edytuj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edytuj klienta' });
    await dialog.getByRole('tab', { name: 'Historia zmian' }).click();
    await dialog.getByText('Import: klienci-e2e.csv, wiersz 2', { exact: true }).waitFor();
    await context.close();
  }, 120_000);
});

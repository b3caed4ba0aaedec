import type { Locator, Page } from 'playwright-core';
import { baseURL, warsawNow } from './browser.ts';

/** What every walk reaches for: the main menu, the filter row, a notification, typing, and the admin's API calls. */

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu główne' });
export const filters = (page: Page) => page.getByRole('search', { name: 'Filtry' });
/** Unfolds a long filter panel (orders, queries) when it is folded to one row. */
export async function allFilters(page: Page) {
  const more = filters(page).getByRole('button', { name: /^Więcej filtrów/ });
  if (await more.isVisible()) await more.click();
  await filters(page).getByRole('button', { name: 'Mniej filtrów' }).waitFor();
}
/**
 * Chooses columns in 'Kolumny' so that they stay whatever the width: one the width shows by itself is ticked already,
 * and choosing it means unticking and ticking it again.
 */
export async function chooseColumns(page: Page, columns: readonly string[]) {
  await page.getByRole('button', { name: 'Kolumny' }).click();
  for (const column of columns) {
    const box = page.getByRole('checkbox', { name: column, exact: true });
    if (await box.isChecked()) await box.uncheck();
    await box.check();
  }
  await page.keyboard.press('Escape');
}
/** A notification (or any exact text) on the page. */
export const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** Types as a person does, key by key (the filters and pickers react to each key), after clearing the field. */
export async function typeInto(input: Locator, text: string, delay = 10) {
  await input.fill('');
  await input.pressSequentially(text, { delay });
}

/** The admin's API calls that prepare a walk's own data (the database is shared by every walk); JSON back. */
export async function apiAs(token: string | null, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A Polish NIP with a right check digit, new for each walk (the customers' NIPs are unique). */
export function randomNip(): string {
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  for (;;) {
    const digits = Array.from({ length: 9 }, (_, i) =>
      i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
    );
    const check = digits.reduce((sum, d, i) => sum + d * (weights[i] as number), 0) % 11;
    if (check < 10) return `${digits.join('')}${check}`;
  }
}

/** YYYY-MM-DD of today in Warsaw, plus `days`. */
export function warsawDay(days = 0): string {
  const d = warsawNow();
  d.setDate(d.getDate() + days);
  const dd = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${dd(d.getMonth() + 1)}-${dd(d.getDate())}`;
}

type Customer = {
  '@id': string;
  uuid: string;
  companyName: string;
  nip: string;
  streetAddress: string;
  postalCode: string;
  city: string;
  email: string | null;
};

/** A Polish customer in Poznań with a NIP, as the payment walks need one (receivables, reminders, interest…). */
export async function createPayer(
  token: string,
  payer: { companyName: string; nip: string; streetAddress?: string; email?: string },
): Promise<Customer> {
  return apiAs(token, 'POST', '/api/customers', {
    streetAddress: 'ul. Płatna 1',
    postalCode: '61-131',
    city: 'Poznań',
    country: 'PL',
    ...payer,
  });
}

/**
 * A VAT invoice to that customer from the walks' brokerage: one transport line of 1 000,00 zł net (23 %), issued
 * today, due far ahead, unless `fields` say otherwise (`netto` for the line; the invoice's own fields as the API takes
 * them).
 */
export async function createVatInvoice(
  token: string,
  customer: Customer,
  { netto = 100_000, ...fields }: { netto?: number } & Record<string, unknown> = {},
): Promise<{ uuid: string; number: string } & Record<string, unknown>> {
  return apiAs(token, 'POST', '/api/invoices', {
    type: 'vat',
    createdDate: warsawDay(),
    saleDate: warsawDay(),
    paymentDate: '2099-12-31',
    paymentMethod: 'przelew',
    currency: 'pln',
    vendorName: 'Spedycja E2E',
    vendorNip: '5260250274',
    vendorStreetAddress: 'ul. Transportowa 1',
    vendorPostalCode: '00-001',
    vendorCity: 'Warszawa',
    customerName: customer.companyName,
    customerNip: customer.nip,
    customerStreetAddress: customer.streetAddress,
    customerPostalCode: customer.postalCode,
    customerCity: customer.city,
    customerCountry: 'PL',
    ...(customer.email ? { customerEmail: customer.email } : {}),
    customer: customer['@id'],
    invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto, vatRate: 2300 }],
    ...fields,
  });
}

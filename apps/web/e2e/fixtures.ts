import type { Locator, Page } from 'playwright-core';
import { baseURL } from './browser.ts';

/** What every walk reaches for: the main menu, the filter row, a notification, typing, and the admin's API calls. */

export const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu główne' });
export const filters = (page: Page) => page.getByRole('search', { name: 'Filtry' });
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

import { SignJWT } from 'jose';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { nav } from './fixtures.ts';
import { E2E_JWT_SECRET } from './globalSetup.ts';

/** The foundation walk: admin menus, adding a user, roles enforced, silent token refresh. */

const ADMIN_ENTRIES = ['Płatności', 'Użytkownicy', 'Ustawienia', 'Admin'];
const DISPATCHER = { username: 'dyspozytor.e2e', password: 'haslo-dyspozytora-1', name: 'Jan Dyspozytor' };

async function expired(claims: { username: string; name: string; roles: string[]; sub: string }) {
  return new SignJWT({ username: claims.username, name: claims.name, roles: claims.roles })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}

describe('foundation: login, drawer, users, roles, token refresh', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor of a protected page to the login page, and refuses empty fields without calling the server', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto('/users');
    await page.waitForURL('**/login');
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) loginCalls++;
    });
    await page.getByLabel('Login', { exact: true }).fill('admin');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByText('Some fields are missing!').waitFor();
    expect(loginCalls).toBe(0);
    await page.getByLabel('Hasło', { exact: true }).fill('zle-haslo');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByText('Podczas logowania wystąpił błąd!').waitFor();
    expect(loginCalls).toBe(1);
    await page.context().close();
  });

  it('admin sees the admin groups, adds a user; the user sees none and the server refuses them', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    for (const entry of ADMIN_ENTRIES) await nav(page).getByText(entry, { exact: true }).first().waitFor();
    await page.getByText(E2E_ADMIN.username, { exact: true }).first().waitFor();
    await page.getByText('Administrator', { exact: true }).first().waitFor();

    await nav(page).getByRole('link', { name: 'Użytkownicy', exact: true }).click();
    await page.waitForURL('**/users');
    await page.getByRole('button', { name: 'Dodaj użytkownika' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj użytkownika' });
    await dialog.getByLabel('Login', { exact: true }).fill(DISPATCHER.username);
    await dialog.getByLabel('Imię i nazwisko', { exact: true }).fill(DISPATCHER.name);
    await dialog.getByLabel('Hasło', { exact: true }).fill(DISPATCHER.password);
    // A new user is a dispatcher (ROLE_USER) unless the admin picks more roles.
    await dialog.getByText('Użytkownik', { exact: true }).waitFor();
    await dialog.getByLabel('Telefon', { exact: true }).fill('600 100 200');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Użytkownik został pomyślnie dodany!').waitFor();
    const row = page.getByRole('row').filter({ hasText: DISPATCHER.username });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('(0048) 600100200');

    await page.getByRole('button', { name: 'Wyloguj' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refreshToken')])).toEqual([
      null,
      null,
    ]);

    await loginAs(page, DISPATCHER.username, DISPATCHER.password);
    await page.getByText(DISPATCHER.name).first().waitFor();
    await nav(page).getByText('Zapytania', { exact: true }).first().waitFor();
    for (const entry of ADMIN_ENTRIES) {
      await expect(nav(page).getByText(entry, { exact: true }).count()).resolves.toBe(0);
    }
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({
          login: 'intruz',
          name: 'Intruz',
          plainPassword: 'haslo-intruza',
          roles: ['ROLE_ADMIN'],
        }),
      });
      return res.status;
    });
    expect(status).toBe(403);
    await page.goto('/users');
    await page.getByText('Nie masz uprawnień do wyświetlenia tej strony.').waitFor();
    await context.close();
  });

  it('refreshes an expired access token without the user noticing', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    const claims = await page.evaluate(() => {
      const token = localStorage.getItem('token') ?? '';
      const part = token.split('.')[1] ?? '';
      return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/')));
    });
    const stale = await expired(claims);
    await page.evaluate((token) => localStorage.setItem('token', token), stale);
    let refreshes = 0;
    page.on('response', (r) => {
      if (r.url().endsWith('/api/token/refresh') && r.status() === 200) refreshes++;
    });
    await page.goto('/users');
    await page.getByRole('table', { name: 'Lista użytkowników' }).getByText(DISPATCHER.username).waitFor();
    expect(page.url()).toContain('/users');
    expect(refreshes).toBe(1);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).not.toBe(stale);
    await expect(page.getByText('Podczas logowania wystąpił błąd!').count()).resolves.toBe(0);
    await context.close();
  });

  it('admin edits a user and deletes one after confirming', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await page.goto('/users');
    const row = page.getByRole('row').filter({ hasText: DISPATCHER.username });
    await row.getByRole('button', { name: 'Edytuj' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edytuj użytkownika' });
    await expect(dialog.getByLabel('Imię i nazwisko', { exact: true }).inputValue()).resolves.toBe(DISPATCHER.name);
    await dialog.getByLabel('Imię i nazwisko', { exact: true }).fill('Jan Dyspozytor-Kowalski');
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Użytkownik został pomyślnie zaktualizowany!').waitFor();
    await row.getByText('Jan Dyspozytor-Kowalski').waitFor();
    // The password was left empty, so it still works.
    const check = await page.evaluate(async (password) => {
      const res = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'dyspozytor.e2e', password }),
      });
      return res.status;
    }, DISPATCHER.password);
    expect(check).toBe(200);

    await page.getByRole('button', { name: 'Dodaj użytkownika' }).click();
    const add = page.getByRole('dialog', { name: 'Dodaj użytkownika' });
    await add.getByLabel('Login', { exact: true }).fill('tymczasowy.e2e');
    await add.getByLabel('Imię i nazwisko', { exact: true }).fill('Konto Tymczasowe');
    await add.getByLabel('Hasło', { exact: true }).fill('tymczasowe-haslo');
    await add.getByRole('button', { name: 'Zapisz' }).click();
    await page.getByText('Użytkownik został pomyślnie dodany!').waitFor();
    const temp = page.getByRole('row').filter({ hasText: 'tymczasowy.e2e' });
    await temp.getByRole('button', { name: 'Usuń' }).click();
    const confirm = page.getByRole('dialog', { name: 'Usuwanie użytkownika' });
    await confirm.getByRole('button', { name: 'Nie' }).click();
    await expect(temp.count()).resolves.toBe(1);
    await temp.getByRole('button', { name: 'Usuń' }).click();
    await confirm.getByRole('button', { name: 'Tak' }).click();
    await page.getByText('Użytkownik został pomyślnie usunięty!').waitFor();
    await temp.waitFor({ state: 'detached' });
    await context.close();
  });

  it('admin edits the settings and the value is kept', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Ustawienia', exact: true }).click();
    const rate = page.getByLabel('Kurs euro (PLN)');
    await rate.fill('4,37');
    await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await page.getByText('Ustawienia zostały pomyślnie zaktualizowane!').waitFor();
    await page.reload();
    await expect(page.getByLabel('Kurs euro (PLN)').inputValue()).resolves.toMatch(/^4[,.]37$/);
    await context.close();
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext, warsawNow } from './browser.ts';
import { nav } from './fixtures.ts';

/**
 * The tasks walk: add a task for a query through the drawer's 'Nowe zadanie' with a contact time
 * already come, see the drawer badge count it and list it, log a contact attempt, mark the task
 * done (the badge counts it no more, its chip turns green), delete another task with a reason and
 * restore it from the admin's deleted view; then add a task from the query's row in the queries table.
 */

const suffix = Date.now().toString(36);
const CARGO = `Zad ${suffix}`;
const COMMENT = `Oddzwonić ${suffix}`;
const TRY_COMMENT = `Nie odbiera ${suffix}`;
const OTHER_COMMENT = `Do usunięcia ${suffix}`;
const ROW_COMMENT = `Z wiersza ${suffix}`;

type Created = { '@id': string; uuid: string; id: number };

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
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
  return (await response.json()) as T;
}

const tasksTable = (page: Page) => page.getByRole('table', { name: 'Lista zadań' });
const taskRow = (scope: Page | Locator, id: number) => scope.getByRole('row', { name: `Zadanie ${id}`, exact: true });
const badge = (page: Page) => page.getByRole('status', { name: /^Powiadomienia o zadaniach: / });

async function badgeCount(page: Page): Promise<number> {
  const label = (await badge(page).getAttribute('aria-label')) ?? '';
  return Number(label.replace('Powiadomienia o zadaniach: ', ''));
}

async function expectBadge(page: Page, count: number) {
  await page.getByRole('status', { name: `Powiadomienia o zadaniach: ${count}`, exact: true }).waitFor();
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Today (in the browser's Warsaw time) at the given hour and minute, typed as people type it ('26.11.2026 10:00'). */
async function typeToday(dialog: Locator, label: string, hours: string, minutes: string) {
  const now = warsawNow();
  const [dd, mm] = [now.getDate(), now.getMonth() + 1].map((n) => String(n).padStart(2, '0'));
  const field = dialog.getByRole('textbox', { name: label });
  await field.fill(`${dd}.${mm}.${now.getFullYear()} ${hours}:${minutes}`);
  await field.press('Tab');
  await expect(field.inputValue()).resolves.toBe(`${dd}/${mm}/${now.getFullYear()} ${hours}:${minutes}`);
}

async function chooseStatusFilter(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Filtr: Pokaż zadania ze statusem' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await page.getByRole('button', { name: 'Filtruj' }).click();
}

describe('tasks: add, badge, contact attempt, done, delete and restore', () => {
  let browser: Browser;
  let query: Created;
  let other: Created;

  beforeAll(async () => {
    browser = await launchBrowser();
    const customer = await api<Created>('POST', '/customers', { companyName: `Klient zadań ${CARGO}` });
    query = await api<Created>('POST', '/queries', {
      cargo: CARGO,
      loadingCity: 'Kraków',
      loadingCountry: 'PL',
      loadingDate: '2026-12-14',
      unloadingCity: 'Wiedeń',
      unloadingCountry: 'AT',
      unloadingDate: '2026-12-15',
      customer: customer['@id'],
    });
    // The task to delete: due tomorrow, so the badge does not count it.
    other = await api<Created>('POST', '/tasks', {
      entry: query['@id'],
      phone: '500400300',
      comment: OTHER_COMMENT,
      contactDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('walks a task as a dispatcher does', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Zadania', exact: true }).click();
    await page.getByRole('heading', { name: 'Zadania' }).waitFor();
    await expect(page.title()).resolves.toBe('Zadania – Spedycja');
    await taskRow(tasksTable(page), other.id).waitFor();
    const before = await badgeCount(page);

    // The drawer's 'Nowe zadanie': a contact time already come (today 00:00).
    await nav(page).getByRole('button', { name: 'Nowe zadanie' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj zadanie' });
    // The contact date is required before anything is sent.
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await dialog.getByText('To pole nie może być puste!').waitFor();
    const entry = dialog.getByRole('combobox', { name: 'Zapytanie/Zlecenie' });
    await entry.click();
    await entry.pressSequentially(`#${query.id}`, { delay: 20 });
    await page.getByRole('option', { name: `Zapytanie #${query.id}: ${CARGO}, Kraków → Wiedeń` }).click();
    await expect(dialog.getByRole('combobox', { name: 'Przypisany użytkownik' }).inputValue()).resolves.toBe(
      'Administrator',
    );
    await dialog.getByLabel('Telefon kontaktowy').fill('600100200');
    await typeToday(dialog, 'Data i godzina kontaktu', '00', '00');
    const typed = await dialog.getByRole('textbox', { name: 'Data i godzina kontaktu' }).inputValue();
    expect(typed).toMatch(/^\d{2}\/\d{2}\/\d{4} 00:00$/);
    // The table shows a moment as SPEC §9 writes it: 'HH:mm, DD/MM/YYYY'.
    const contactText = `00:00, ${typed.slice(0, 10)}`;
    await dialog.getByLabel('Komentarz').fill(COMMENT);
    expect(await dialog.getByRole('switch', { name: 'Powiadomienie w menu' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('switch', { name: 'Powiadomienie Telegram' }).isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Zadanie zostało pomyślnie dodane!');
    await dialog.waitFor({ state: 'hidden' });

    // The badge counts it at once.
    await expectBadge(page, before + 1);

    // The new row: the query, the phone, the comment, the contact time; a red chip (the time has come).
    const row = tasksTable(page).getByRole('row').filter({ hasText: COMMENT });
    await row.waitFor();
    const taskId = Number((await row.getAttribute('aria-label'))?.replace('Zadanie ', ''));
    expect(taskId).toBeGreaterThan(0);
    const cells = await row.innerText();
    for (const text of [`Zapytanie #${query.id}: ${CARGO}, Kraków → Wiedeń`, '(0048)', '600100200', 'Administrator']) {
      expect(cells).toContain(text);
    }
    expect(cells.replace(/\s+/g, ' ')).toContain(contactText.replace(/\s+/g, ' '));
    await row.getByRole('img', { name: `Zadanie ${taskId}: po terminie` }).waitFor();
    expect(await row.getByText('Brak').count()).toBeGreaterThan(0);

    // A click on the badge lists my due tasks, this one among them.
    await page.getByRole('link', { name: 'Pokaż zadania do wykonania teraz' }).click();
    await page.getByText('Zadania do wykonania teraz', { exact: true }).waitFor();
    // The other task is not due.
    await taskRow(tasksTable(page), other.id).waitFor({ state: 'detached' });
    await taskRow(tasksTable(page), taskId).waitFor();
    await page.getByRole('button', { name: 'Pokaż wszystkie zadania' }).click();
    await taskRow(tasksTable(page), other.id).waitFor();

    // Log a contact attempt with its own comment and 'Jutro 9:00': the task keeps its comment and moves to tomorrow.
    await taskRow(tasksTable(page), taskId).getByRole('button', { name: 'Dodaj próbę kontaktu' }).click();
    const tryDialog = page.getByRole('dialog', { name: 'Dodaj próbę kontaktu' });
    const tryDate = await tryDialog.getByRole('textbox', { name: 'Data i godzina', exact: true }).inputValue();
    expect(tryDate).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    await expect(tryDialog.getByRole('combobox', { name: 'Status' }).inputValue()).resolves.toBe('Nieudana');
    await tryDialog.getByLabel('Komentarz').fill(TRY_COMMENT);
    await tryDialog.getByRole('button', { name: 'Jutro 9:00' }).click();
    const tomorrow = warsawNow();
    tomorrow.setDate(tomorrow.getDate() + 1);
    const tomorrowText = `09:00, ${String(tomorrow.getDate()).padStart(2, '0')}/${String(tomorrow.getMonth() + 1).padStart(2, '0')}/${tomorrow.getFullYear()}`;
    await tryDialog.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Próba kontaktu została pomyślnie dodana!');
    await tryDialog.waitFor({ state: 'hidden' });
    const tried = taskRow(tasksTable(page), taskId);
    await tried.getByText('Nieudana', { exact: true }).waitFor();
    const triedCells = (await tried.innerText()).replace(/\s+/g, ' ');
    // The attempt is listed with its time; the task's contact date is the next one picked, its comment its own.
    // The table writes the typed '27/11/2026 08:33' as SPEC §9 does: '08:33, 27/11/2026'.
    expect(triedCells).toContain(`${tryDate.slice(11)}, ${tryDate.slice(0, 10)}`);
    expect(triedCells).toContain(tomorrowText);
    expect(triedCells).not.toContain(TRY_COMMENT);

    // Edit the attempt in the attempts modal: it becomes successful.
    await tried.getByRole('button', { name: `Edytuj próby kontaktu zadania ${taskId}` }).click();
    const tries = page.getByRole('dialog', { name: `Próby kontaktu – zadanie ${taskId}` });
    const firstTry = tries.getByRole('row', { name: 'Próba kontaktu 1', exact: true });
    await expect(firstTry.getByRole('textbox', { name: 'Komentarz – Próba kontaktu 1' }).inputValue()).resolves.toBe(
      TRY_COMMENT,
    );
    await firstTry.getByRole('combobox', { name: 'Status – Próba kontaktu 1' }).click();
    await page.getByRole('option', { name: 'Udana', exact: true }).click();
    await tries.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Próby kontaktu zostały zaktualizowane!');
    await tries.waitFor({ state: 'hidden' });
    await tried.getByText('Udana', { exact: true }).waitFor();

    // Mark it done: a question first; the badge no longer counts it.
    await tried.getByRole('button', { name: 'Oznacz jako wykonane' }).click();
    const confirm = page.getByRole('dialog', { name: 'Oznaczanie zadania jako wykonane' });
    await confirm.getByText('Czy na pewno chcesz oznaczyć to zadanie jako wykonane?').waitFor();
    await confirm.getByRole('button', { name: 'Tak' }).click();
    await toast(page, 'Zadanie zostało oznaczone jako wykonane!');
    await expectBadge(page, before);
    // Gone from the open tasks; among the done ones with a green chip and a finish date.
    await taskRow(tasksTable(page), taskId).waitFor({ state: 'detached' });
    await chooseStatusFilter(page, 'Wykonane');
    const done = taskRow(tasksTable(page), taskId);
    await done.getByRole('img', { name: `Zadanie ${taskId}: wykonane` }).waitFor();
    expect(await done.getByRole('button', { name: 'Oznacz jako wykonane' }).isDisabled()).toBe(true);
    expect(await done.getByText('Brak', { exact: true }).count()).toBe(0);

    // Delete the other task with a reason.
    await chooseStatusFilter(page, 'Wszystkie');
    await taskRow(tasksTable(page), other.id).getByRole('button', { name: 'Usuń' }).click();
    const prompt = page.getByRole('dialog', { name: 'Podaj powód usunięcia zadania' });
    await expect(prompt.getByRole('combobox', { name: 'Powód usunięcia' }).inputValue()).resolves.toBe('Błędne dane');
    await prompt.getByRole('button', { name: 'Usuń' }).click();
    await toast(page, 'Zadanie zostało pomyślnie usunięte!');
    await taskRow(tasksTable(page), other.id).waitFor({ state: 'detached' });

    // Restore it from the admin's deleted view.
    await nav(page).getByRole('link', { name: 'Usunięte zadania' }).click();
    await page.getByRole('heading', { name: 'Usunięte zadania' }).waitFor();
    const deletedTable = page.getByRole('table', { name: 'Lista usuniętych zadań' });
    const deletedRow = taskRow(deletedTable, other.id);
    await deletedRow.getByText('Błędne dane').waitFor();
    expect(await deletedRow.getByRole('button', { name: 'Usuń' }).count()).toBe(0);
    await deletedRow.getByRole('button', { name: 'Przywróć' }).click();
    await toast(page, 'Zadanie zostało pomyślnie przywrócone!');
    await deletedRow.waitFor({ state: 'detached' });
    await nav(page).getByRole('link', { name: 'Zadania', exact: true }).click();
    await taskRow(tasksTable(page), other.id).getByText(OTHER_COMMENT).waitFor();

    // From the queries table: the query's tasks, and one more added there with the query preset.
    await nav(page).getByRole('link', { name: 'Zapytania', exact: true }).click();
    const filter = page.getByRole('search', { name: 'Filtry' }).getByRole('textbox', { name: 'Filtr: Towar' });
    await filter.pressSequentially(CARGO, { delay: 10 });
    const queryRow = page.getByRole('table', { name: 'Lista zapytań' }).getByRole('row').filter({ hasText: CARGO });
    await page.getByText('Znaleziono: 1', { exact: true }).waitFor();
    await queryRow.getByRole('button', { name: 'Zadania', exact: true }).click();
    const modal = page.getByRole('dialog', { name: `Zadania: Zapytanie #${query.id}: ${CARGO}, Kraków → Wiedeń` });
    await taskRow(modal, taskId).waitFor();
    await taskRow(modal, other.id).waitFor();
    await modal.getByRole('button', { name: 'Dodaj zadanie' }).click();
    const fromRow = page.getByRole('dialog', { name: 'Dodaj zadanie' });
    await expect(fromRow.getByRole('combobox', { name: 'Zapytanie/Zlecenie' }).inputValue()).resolves.toBe(
      `Zapytanie #${query.id}: ${CARGO}, Kraków → Wiedeń`,
    );
    await typeToday(fromRow, 'Data i godzina kontaktu', '23', '59');
    await fromRow.getByLabel('Komentarz').fill(ROW_COMMENT);
    await fromRow.getByRole('button', { name: 'Zapisz' }).click();
    await toast(page, 'Zadanie zostało pomyślnie dodane!');
    await fromRow.waitFor({ state: 'hidden' });
    await modal.getByRole('row').filter({ hasText: ROW_COMMENT }).waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await context.close();
  });
});

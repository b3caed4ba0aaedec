import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, loginAs, newContext } from './browser.ts';

/**
 * The Telegram walk: the admin finds the page saying no bot is connected, pastes the bot's token, links their
 * account through the t.me link (the fake Bot API delivers `/start {code}` as Telegram would), sends a test
 * message, reads it in the log, and switches a notice off.
 */

const CHAT_ID = '5550123';
type Sent = { chatId: string; text: string };

async function fakeSent(): Promise<Sent[]> {
  return (await (await fetch(`${inject('telegramFakeUrl')}/__fake/sent`)).json()) as Sent[];
}

/** Somebody presses Start in Telegram: the bot receives `/start {code}`. */
async function pressStart(code: string) {
  await fetch(`${inject('telegramFakeUrl')}/__fake/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chatId: CHAT_ID, text: `/start ${code}` }),
  });
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('telegram: connect the bot, link my account, send a test message, read the log', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('walks through the /telegram page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    try {
      await loginAs(page);
      await page.getByRole('navigation', { name: 'Menu główne' }).getByRole('link', { name: 'Telegram' }).click();
      await page.waitForURL('**/telegram');
      await page.getByRole('heading', { name: 'Telegram', level: 1 }).waitFor();
      await page.getByText('Bot nie jest skonfigurowany: powiadomienia Telegram nie są wysyłane.').waitFor();
      await page.getByText('W Telegramie napisz do @BotFather i utwórz bota poleceniem /newbot.').waitFor();
      expect(await page.getByRole('button', { name: 'Połącz z Telegramem' }).isDisabled()).toBe(true);

      // A token Telegram does not know is refused, with the reason under the field.
      const tokenInput = page.getByLabel('Token bota');
      await tokenInput.fill('123:krotki');
      await page.getByRole('button', { name: 'Zapisz token' }).click();
      await page.getByText('Nieprawidłowy token bota (oczekiwany format: 123456789:AAE…).').waitFor();
      await tokenInput.fill('987654321:AAWrongTokenWrongTokenWrongToken_123');
      await page.getByRole('button', { name: 'Zapisz token' }).click();
      await page.getByText('Telegram nie rozpoznał tego tokenu.').first().waitFor();

      await tokenInput.fill(inject('telegramToken'));
      await page.getByRole('button', { name: 'Zapisz token' }).click();
      await toast(page, 'Token bota został zapisany!');
      await page.getByText('Połączono z botem @SpedycjaTestBot (Spedycja Test).').waitFor();
      await page.getByText('Token ustawił administrator.').waitFor();
      // The token is not shown again anywhere on the page.
      expect(await page.content()).not.toContain(inject('telegramToken'));

      await page.getByText('Konto nie jest połączone z Telegramem.').waitFor();
      await page.getByRole('button', { name: 'Połącz z Telegramem' }).click();
      const link = page.getByRole('link', { name: 'Otwórz w Telegramie' });
      await link.waitFor();
      await page.getByRole('img', { name: 'Kod QR linku do bota' }).waitFor();
      await page.getByText('Czekam na potwierdzenie w Telegramie…').waitFor();
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^https:\/\/t\.me\/SpedycjaTestBot\?start=[\w-]+$/);

      await pressStart(new URL(href).searchParams.get('start') ?? '');
      await toast(page, 'Konto zostało połączone z Telegramem!');
      await page.getByText(`Konto jest połączone z Telegramem (czat ${CHAT_ID}).`).waitFor();
      await expect
        .poll(async () => (await fakeSent()).some((m) => m.chatId === CHAT_ID && m.text.includes('Połączono z kontem')))
        .toBe(true);

      // The notification sits over the top right of the page (SPEC §2), where this button is: closed first, as a
      // person does.
      await page
        .getByRole('alert')
        .filter({ hasText: 'Konto zostało połączone z Telegramem!' })
        .getByRole('button')
        .click();
      await page.getByRole('button', { name: 'Wyślij wiadomość testową' }).click();
      await toast(page, 'Wiadomość testowa została wysłana!');
      const sent = (await fakeSent()).filter((m) => m.chatId === CHAT_ID);
      expect(sent.at(-1)?.text).toContain('Wiadomość testowa ze Spedycji dla:');

      const log = page.getByRole('table', { name: 'Dziennik powiadomień Telegram' });
      const testRow = log.getByRole('row').filter({ hasText: 'Wiadomość testowa' }).first();
      await testRow.waitFor();
      expect(await testRow.textContent()).toContain('wysłano');
      await log.getByRole('row').filter({ hasText: 'Konto połączone' }).first().waitFor();

      // The admin also reads everyone's log.
      await page.getByText('Wszystkich', { exact: true }).click();
      await page.getByRole('heading', { name: 'Powiadomienia wszystkich użytkowników' }).waitFor();
      await log.getByRole('columnheader', { name: 'Użytkownik' }).waitFor();

      // A switch: off, and it stays off after a reload.
      const assignment = page.getByRole('switch', { name: 'Gdy ktoś przypisze mi zadanie' });
      expect(await assignment.isChecked()).toBe(true);
      await assignment.click();
      await toast(page, 'Ustawienia powiadomień zostały zaktualizowane!');
      await page.reload();
      await page.getByText(`Konto jest połączone z Telegramem (czat ${CHAT_ID}).`).waitFor();
      expect(await page.getByRole('switch', { name: 'Gdy ktoś przypisze mi zadanie' }).isChecked()).toBe(false);
    } finally {
      await context.close();
    }
  });
});

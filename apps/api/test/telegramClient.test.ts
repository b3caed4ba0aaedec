import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTelegramClient } from '../src/integrations/telegram/http.ts';
import { TelegramError } from '../src/integrations/telegram/types.ts';
import { freePort } from './smtp.ts';
import { type FakeBotApi, startFakeBotApi } from './telegramFake.ts';

/** The Bot API client against the local fake server: answers, errors as Telegram gives them, no answer at all. */
describe('telegram client', () => {
  let fake: FakeBotApi;
  beforeAll(async () => {
    fake = await startFakeBotApi();
  });
  afterAll(() => fake.close());

  const client = () => createTelegramClient({ apiUrl: fake.url, token: fake.token });
  const failure = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TelegramError);
    return error as TelegramError;
  };

  it('reads the bot, sends HTML and reads updates from an offset', async () => {
    expect(await client().getMe()).toEqual({ id: 123456789, username: 'SpedycjaTestBot', firstName: 'Spedycja Test' });
    expect(await client().sendMessage('42', '<b>Cześć</b> &amp; dzień dobry', { html: true })).toEqual({
      messageId: 1,
    });
    expect(fake.sent.at(-1)).toMatchObject({ chatId: '42', parseMode: 'HTML' });
    fake.pushMessage('42', '/start abc');
    fake.pushMessage('43', 'cześć');
    const updates = await client().getUpdates(0);
    expect(updates.map((u) => u.message)).toEqual([
      { chatId: '42', text: '/start abc', fromName: 'Jan Kowalski' },
      { chatId: '43', text: 'cześć', fromName: 'Jan Kowalski' },
    ]);
    const next = (updates.at(-1)?.updateId ?? 0) + 1;
    expect(await client().getUpdates(next)).toEqual([]);
  });

  it("turns Telegram's errors into what the worker decides on", async () => {
    const wrongToken = await failure(
      createTelegramClient({ apiUrl: fake.url, token: '1:AAnotTheRightTokenAtAllxxxxxxxxxxxx' }).getMe(),
    );
    expect(wrongToken).toMatchObject({ kind: 'api', status: 401, retryable: false });

    fake.blocked.add('666');
    const blocked = await failure(client().sendMessage('666', 'x'));
    expect(blocked).toMatchObject({
      status: 403,
      description: 'Forbidden: bot was blocked by the user',
      retryable: false,
    });

    fake.failNext({ status: 429, description: 'Too Many Requests: retry after 12', retryAfter: 12 });
    expect(await failure(client().sendMessage('1', 'x'))).toMatchObject({
      status: 429,
      retryAfter: 12,
      retryable: true,
    });

    fake.failNext({ status: 500, description: 'Internal Server Error' });
    expect(await failure(client().sendMessage('1', 'x'))).toMatchObject({ status: 500, retryable: true });

    const badHtml = await failure(client().sendMessage('1', 'a < b', { html: true }));
    expect(badHtml).toMatchObject({ status: 400, retryable: false });

    fake.failNext('drop');
    expect(await failure(client().sendMessage('1', 'x'))).toMatchObject({ kind: 'network', retryable: true });
    const nobody = createTelegramClient({ apiUrl: `http://127.0.0.1:${await freePort()}`, token: fake.token });
    expect(await failure(nobody.getMe())).toMatchObject({ kind: 'network', retryable: true });
  });
});

import { telegramMessages as msg } from '@spedycja/domain';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import type { Config } from '../src/config.ts';
import { type Database, selectRows } from '../src/db/client.ts';
import { mailOutbox, tasks, telegramBot, telegramMessages, users } from '../src/db/schema/index.ts';
import { claimNext } from '../src/modules/telegram/repository.ts';
import { CUSTOMER, queryOf } from './fixtures.ts';
import { ADMIN, bearer, dbKinds, freshDatabase, testConfig } from './helpers.ts';
import { type FakeBotApi, startFakeBotApi } from './telegramFake.ts';

/**
 * Telegram against a local fake Bot API server: reminders once per contact date (also across a restart, a second
 * instance and a crash mid-send), retries, linking through `/start {code}`, the notices, the test message, the log.
 */

const PUBLIC_URL = 'https://spedycja.example';
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

type Harness = {
  fake: FakeBotApi;
  database: Database;
  config: Config;
  app: FastifyInstance;
  start(): Promise<FastifyInstance>;
};

async function harness(kind: 'pglite' | 'postgres', env: Record<string, string> = {}, withToken = true) {
  const fake = await startFakeBotApi();
  const config = testConfig({
    PUBLIC_URL,
    TELEGRAM_API_URL: fake.url,
    // The timer stays out of the way: the tests run the worker's rounds themselves.
    TELEGRAM_POLL_SECONDS: '30',
    ...(withToken ? { TELEGRAM_BOT_TOKEN: fake.token } : {}),
    ...env,
  });
  const database = await freshDatabase(kind);
  await bootstrap(database.db, config);
  const start = async () => {
    const app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
    return app;
  };
  const h: Harness = { fake, database, config, app: await start(), start };
  return h;
}

async function closeHarness(h: Harness | undefined) {
  if (!h) return;
  await h.app.close();
  await h.database.close();
  await h.fake.close();
}

async function login(app: FastifyInstance, username: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  return res.json().token as string;
}

function call(app: FastifyInstance, token: string, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Two rounds: the first may have started before the test's change (a nudge), the second sees it. */
async function rounds(app: FastifyInstance) {
  await app.telegram.tick();
  await app.telegram.tick();
}

describe.each(dbKinds)('telegram on %s', (kind) => {
  let h: Harness;
  let admin: string;
  let anna: string;
  let annaIri: string;
  let queryIri: string;
  let customerIri: string;
  const api = (method: string, url: string, payload?: unknown, token = admin) =>
    call(h.app, token, method, url, payload);
  const sentTo = (chatId: string) => h.fake.sent.filter((m) => m.chatId === chatId);
  const task = (overrides: Record<string, unknown> = {}) => ({
    phone: '600100200',
    comment: 'Oddzwonić w sprawie ceny',
    contactDate: minutesFromNow(-1),
    entry: queryIri,
    telegramNotification: true,
    ...overrides,
  });
  const setChat = (login: string, chatId: string | null) =>
    h.database.db.update(users).set({ telegramUserId: chatId }).where(eq(users.login, login));
  const messagesOfTask = async (taskUuid: string) =>
    h.database.db
      .select({ m: telegramMessages })
      .from(telegramMessages)
      .innerJoin(tasks, eq(tasks.id, telegramMessages.taskId))
      .where(eq(tasks.uuid, taskUuid))
      .then((rows) => rows.map((r) => r.m));

  beforeAll(async () => {
    h = await harness(kind);
    admin = await login(h.app, ADMIN.username, ADMIN.password);
    annaIri = (
      await api('POST', '/api/users', {
        login: 'anna',
        name: 'Anna Nowak',
        plainPassword: 'haslo-anny-1',
        roles: ['ROLE_USER'],
      })
    ).json()['@id'];
    anna = await login(h.app, 'anna', 'haslo-anny-1');
    customerIri = (await api('POST', '/api/customers', CUSTOMER)).json()['@id'];
    queryIri = (
      await api('POST', '/api/queries', queryOf(customerIri, { cargo: 'Palety', loadingCity: 'Łódź' }))
    ).json()['@id'];
  });
  afterAll(() => closeHarness(h));

  it('shows the bot from getMe and never its token; an admin sets, checks and removes one', async () => {
    const state = await api('GET', '/api/telegram/bot', undefined, anna);
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({
      configured: true,
      source: 'env',
      connected: true,
      username: 'SpedycjaTestBot',
      name: 'Spedycja Test',
      webhook: false,
      error: null,
    });
    expect(state.body).not.toContain(h.fake.token);

    expect((await api('PUT', '/api/telegram/bot', { token: h.fake.token }, anna)).statusCode).toBe(403);
    const malformed = await api('PUT', '/api/telegram/bot', { token: 'nie-token' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().violations).toEqual([{ propertyPath: 'token', message: msg.tokenFormat }]);
    const wrong = await api('PUT', '/api/telegram/bot', { token: '987654321:AAWrongTokenWrongTokenWrongToken_123' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toBe(msg.tokenRejected);

    const set = await api('PUT', '/api/telegram/bot', { token: h.fake.token });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ configured: true, source: 'admin', connected: true });
    expect(set.body).not.toContain(h.fake.token);
    // Encrypted at rest, and not among the settings.
    const [row] = await h.database.db.select().from(telegramBot);
    expect(row?.tokenCiphertext).toMatch(/^v1:/);
    expect(row?.tokenCiphertext).not.toContain(h.fake.token.split(':')[1]);
    expect((await api('GET', '/api/settings')).body).not.toContain(h.fake.token);

    expect((await api('DELETE', '/api/telegram/bot')).statusCode).toBe(204);
    expect((await api('GET', '/api/telegram/bot')).json()).toMatchObject({ configured: true, source: 'env' });
  });

  it('links an account through t.me/{bot}?start={code}: a valid code once, a wrong one never', async () => {
    expect((await api('GET', '/api/telegram/me', undefined, anna)).json()).toEqual({
      linked: false,
      telegramUserId: null,
      notifyOnAssignment: true,
      notifyOnOfferVerified: true,
      linkPending: false,
    });
    const link = await api('POST', '/api/telegram/link', undefined, anna);
    expect(link.statusCode).toBe(201);
    const url = link.json().url as string;
    expect(url).toMatch(/^https:\/\/t\.me\/SpedycjaTestBot\?start=[\w-]{16,64}$/);
    const code = new URL(url).searchParams.get('start') as string;
    expect((await api('GET', '/api/telegram/me', undefined, anna)).json().linkPending).toBe(true);

    h.fake.pushMessage('7001', '/start WRONGCODE123456789');
    h.fake.pushMessage('7002', `/start ${code}`);
    // The page asks for my state while the link waits: that reads the bot's messages.
    const me = (await api('GET', '/api/telegram/me', undefined, anna)).json();
    expect(me).toMatchObject({ linked: true, telegramUserId: '7002', linkPending: false });
    await rounds(h.app);
    expect(sentTo('7002').map((m) => m.text)).toEqual([
      '✅ Połączono z kontem Anna Nowak (anna) w Spedycji. Tutaj będą przychodzić przypomnienia o zadaniach.',
    ]);
    expect(sentTo('7001')[0]?.text).toContain('nieprawidłowy albo wygasł');

    // The code worked once: another chat cannot take the account with it.
    h.fake.pushMessage('7003', `/start ${code}`);
    await rounds(h.app);
    const [annaRow] = await h.database.db.select().from(users).where(eq(users.login, 'anna'));
    expect(annaRow?.telegramUserId).toBe('7002');
    expect(sentTo('7003')[0]?.text).toContain('nieprawidłowy albo wygasł');
    // Updates are read once: the offset moved past them.
    const before = h.fake.sent.length;
    await rounds(h.app);
    expect(h.fake.sent.length).toBe(before);

    expect((await api('DELETE', '/api/telegram/link', undefined, anna)).statusCode).toBe(204);
    expect((await api('GET', '/api/telegram/me', undefined, anna)).json().linked).toBe(false);
  });

  it('sends a due reminder once, with entry, phone, comment, date and link, HTML escaped; not the others', async () => {
    await setChat('admin', '8001');
    await setChat('anna', null);
    const due = (await api('POST', '/api/tasks', task({ comment: 'Cena <b>netto</b> & "VAT"' }))).json();
    const future = (await api('POST', '/api/tasks', task({ contactDate: minutesFromNow(60) }))).json();
    await api('POST', '/api/tasks', task({ telegramNotification: false }));
    const done = (await api('POST', '/api/tasks', task())).json();
    await api('PUT', `/api/tasks/${done.uuid}`, { status: 'wykonane' });
    const removed = (await api('POST', '/api/tasks', task())).json();
    await api('POST', `/api/remove/${removed.uuid}`, { type: 'task', reason: 1 });
    // Anna has no chat id; the admin gives her the task (she gets no assignment notice either).
    await api('POST', '/api/tasks', task({ user: annaIri }));

    await rounds(h.app);
    const reminders = sentTo('8001');
    expect(reminders).toHaveLength(1);
    const text = reminders[0]?.text ?? '';
    expect(reminders[0]?.parseMode).toBe('HTML');
    expect(text).toContain(`⏰ Przypomnienie o zadaniu #${due.id}`);
    expect(text).toContain('Zapytanie nr');
    expect(text).toContain('Łódź (Polska) → Berlin (Niemcy)');
    expect(text).toContain('<a href="tel:+48600100200">(0048) 600100200</a>');
    expect(text).toContain('Komentarz: Cena &lt;b&gt;netto&lt;/b&gt; &amp; &quot;VAT&quot;');
    expect(text).toMatch(/Data kontaktu: \d\d:\d\d, \d\d\/\d\d\/\d{4}/);
    expect(text).toContain(`<a href="${PUBLIC_URL}/tasks?task=${due.uuid}">Otwórz zadanie w aplikacji</a>`);
    expect(await messagesOfTask(future.uuid)).toHaveLength(0);

    // A restart (a new app on the same database) sends nothing again.
    await h.app.close();
    h.app = await h.start();
    admin = await login(h.app, ADMIN.username, ADMIN.password);
    anna = await login(h.app, 'anna', 'haslo-anny-1');
    await rounds(h.app);
    expect(sentTo('8001')).toHaveLength(1);
    const [logged] = await messagesOfTask(due.uuid);
    expect(logged).toMatchObject({ kind: 'reminder', status: 'sent', attempts: 1 });
  });

  it('sends the reminder of one task once when two instances work at the same time', async () => {
    await setChat('admin', '8101');
    const second = await h.start();
    try {
      for (let i = 0; i < 3; i++) await api('POST', '/api/tasks', task({ comment: `Równolegle ${i}` }));
      await Promise.all([h.app.telegram.tick(), second.telegram.tick(), h.app.telegram.tick()]);
      await Promise.all([rounds(h.app), rounds(second)]);
      const texts = sentTo('8101').map((m) => m.text);
      expect(texts).toHaveLength(3);
      expect(new Set(texts).size).toBe(3);
    } finally {
      await second.close();
    }
  });

  it('reminds again when an attempt moves the contact date, and only when the new date has come', async () => {
    await setChat('admin', '8201');
    const created = (await api('POST', '/api/tasks', task())).json();
    await rounds(h.app);
    expect(sentTo('8201')).toHaveLength(1);
    // Moved into the future: nothing until then.
    const later = await api('POST', '/api/task_contact_tries', {
      task: created['@id'],
      date: minutesFromNow(0),
      nextContactDate: minutesFromNow(90),
      status: 'nieudana',
      comment: 'Nie odbiera',
    });
    expect(later.statusCode).toBe(201);
    await rounds(h.app);
    expect(sentTo('8201')).toHaveLength(1);
    // Its time comes (moved again, to a minute ago): a second reminder, for the new date.
    await api('POST', '/api/task_contact_tries', {
      task: created['@id'],
      date: minutesFromNow(0),
      nextContactDate: minutesFromNow(-1),
      status: 'nieudana',
      comment: 'Prosi o telefon teraz',
    });
    await rounds(h.app);
    expect(sentTo('8201')).toHaveLength(2);
    // The reminder carries the task's own comment (an attempt keeps its comment to itself).
    expect(sentTo('8201')[1]?.text).toContain(created.comment);
    expect(await messagesOfTask(created.uuid)).toHaveLength(2);
  });

  it('retries a 5xx and a dropped connection with back-off, and a 429 after its retry_after', async () => {
    await setChat('admin', '8301');
    const created = (await api('POST', '/api/tasks', task())).json();
    h.fake.failNext({ status: 502, description: 'Bad Gateway' });
    await rounds(h.app);
    let [row] = await messagesOfTask(created.uuid);
    expect(sentTo('8301')).toHaveLength(0);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('502');
    // 10 s later at the earliest: not in the next round.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5000);
    await rounds(h.app);
    expect(sentTo('8301')).toHaveLength(0);

    const due = () =>
      h.database.db
        .update(telegramMessages)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(telegramMessages.id, row?.id ?? 0));
    await due();
    h.fake.failNext('drop');
    await rounds(h.app);
    [row] = await messagesOfTask(created.uuid);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row?.lastError).toContain('Brak połączenia z Telegramem');

    await due();
    h.fake.failNext({ status: 429, description: 'Too Many Requests: retry after 7', retryAfter: 7 });
    await rounds(h.app);
    [row] = await messagesOfTask(created.uuid);
    expect(row).toMatchObject({ status: 'pending', attempts: 3 });
    expect(row?.lastError).toContain('429');
    const wait = (row?.nextAttemptAt.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(4000);
    expect(wait).toBeLessThan(8000);

    await due();
    await rounds(h.app);
    expect(sentTo('8301')).toHaveLength(1);
    [row] = await messagesOfTask(created.uuid);
    expect(row).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
  });

  it('records a 403 (the user blocked the bot) and does not retry it', async () => {
    await setChat('admin', '8401');
    h.fake.blocked.add('8401');
    const created = (await api('POST', '/api/tasks', task())).json();
    await rounds(h.app);
    const calls = h.fake.calls.filter((c) => c === 'sendMessage').length;
    let [row] = await messagesOfTask(created.uuid);
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toContain('zablokował bota');
    expect(row?.lastError).toContain('403');
    await h.database.db
      .update(telegramMessages)
      .set({ nextAttemptAt: sql`now() - interval '1 minute'` })
      .where(eq(telegramMessages.id, row?.id ?? 0));
    await rounds(h.app);
    expect(h.fake.calls.filter((c) => c === 'sendMessage').length).toBe(calls);
    [row] = await messagesOfTask(created.uuid);
    expect(row?.attempts).toBe(1);
  });

  it('never sends twice after a crash right after sending: the interrupted message is recorded, not resent', async () => {
    await setChat('admin', '8501');
    const created = (await api('POST', '/api/tasks', task())).json();
    // Queue the reminder without sending it: no bot for one round.
    await h.database.db.update(users).set({ telegramUserId: '8501' }).where(eq(users.login, 'admin'));
    h.fake.failNext({ status: 500, description: 'Internal Server Error' });
    await rounds(h.app);
    await h.database.db
      .update(telegramMessages)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(telegramMessages.chatId, '8501'));
    // A process claims it, sends it, and dies before it can record the answer.
    const claimed = await claimNext(h.database.db);
    expect(claimed?.chatId).toBe('8501');
    await fetch(`${h.fake.url}/bot${h.fake.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: claimed?.chatId, text: claimed?.html, parse_mode: 'HTML' }),
    });
    // Its lease runs out; the other instances carry on.
    await h.database.db
      .update(telegramMessages)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(telegramMessages.id, claimed?.id ?? 0));
    await rounds(h.app);
    expect(sentTo('8501')).toHaveLength(1);
    const [row] = await messagesOfTask(created.uuid);
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toContain('nie ponowiono');
  });

  it('notifies the assignee when someone else assigns a task, if their switch is on', async () => {
    await setChat('anna', '9001');
    const given = (await api('POST', '/api/tasks', task({ user: annaIri, contactDate: minutesFromNow(120) }))).json();
    await rounds(h.app);
    expect(sentTo('9001')).toHaveLength(1);
    expect(sentTo('9001')[0]?.text).toContain(`📋 Administrator przypisał(a) Ci zadanie #${given.id}`);
    // Her own task: no notice.
    await api('POST', '/api/tasks', task({ contactDate: minutesFromNow(120) }), anna);
    await rounds(h.app);
    expect(sentTo('9001')).toHaveLength(1);
    // Reassigned to her by the admin: a notice; with her switch off: none.
    const mine = (await api('POST', '/api/tasks', task({ contactDate: minutesFromNow(120) }))).json();
    await api('PUT', `/api/tasks/${mine.uuid}`, { user: annaIri });
    await rounds(h.app);
    expect(sentTo('9001')).toHaveLength(2);
    const off = await api('PUT', '/api/telegram/me', { notifyOnAssignment: false }, anna);
    expect(off.json()).toMatchObject({ notifyOnAssignment: false, notifyOnOfferVerified: true });
    await api('POST', '/api/tasks', task({ user: annaIri, contactDate: minutesFromNow(120) }));
    await rounds(h.app);
    expect(sentTo('9001')).toHaveLength(2);
    await api('PUT', '/api/telegram/me', { notifyOnAssignment: true }, anna);
  });

  it('sends no assignment notice for a task whose own Telegram switch is off, as for its reminder', async () => {
    await setChat('anna', '9301');
    // Given to her with the task's switch off: nothing to Telegram, not the assignment and not later the reminder.
    const quiet = await api(
      'POST',
      '/api/tasks',
      task({ user: annaIri, contactDate: minutesFromNow(120), telegramNotification: false }),
    );
    expect(quiet.statusCode, quiet.body).toBe(201);
    await rounds(h.app);
    expect(sentTo('9301')).toEqual([]);
    expect(await messagesOfTask(quiet.json().uuid)).toEqual([]);
    // Reassigned to her by the admin, still off: nothing.
    const mine = (
      await api('POST', '/api/tasks', task({ contactDate: minutesFromNow(120), telegramNotification: false }))
    ).json();
    expect((await api('PUT', `/api/tasks/${mine.uuid}`, { user: annaIri })).statusCode).toBe(200);
    await rounds(h.app);
    expect(sentTo('9301')).toEqual([]);
    // The same with the switch on: the notice goes (the test can tell).
    const loud = (await api('POST', '/api/tasks', task({ user: annaIri, contactDate: minutesFromNow(120) }))).json();
    await rounds(h.app);
    expect(sentTo('9301')).toHaveLength(1);
    expect(sentTo('9301')[0]?.text).toContain(`przypisał(a) Ci zadanie #${loud.id}`);
  });

  it("tells a query's owner when a carrier verifies a public offer on it, if the switch is on", async () => {
    await setChat('anna', '9101');
    const query = (
      await api(
        'POST',
        '/api/queries',
        queryOf(customerIri, {
          cargo: 'Stal',
          loadingCity: 'Katowice',
          unloadingCity: 'Wiedeń',
          unloadingCountry: 'AT',
          loadingDate: '2026-12-20',
          unloadingDate: '2026-12-21',
        }),
        anna,
      )
    ).json();
    const place = async (email: string) => {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/public/offers',
        payload: { query: query['@id'], email, phonePrefix: '48', phone: '500600700', price: 420000, currency: 'pln' },
      });
      expect(res.statusCode).toBe(201);
      const [mail] = await h.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      const token = /verify\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
      const verified = await h.app.inject({ method: 'POST', url: '/api/public/offers/verify', payload: { token } });
      expect(verified.statusCode).toBe(200);
    };
    await place('przewoznik1@example.pl');
    await rounds(h.app);
    expect(sentTo('9101')).toHaveLength(1);
    const text = sentTo('9101')[0]?.text ?? '';
    expect(text).toContain(`Nowa zweryfikowana oferta do zapytania nr ${query.id}`);
    expect(text).toContain('4 200,00 zł');
    expect(text).toContain('przewoznik1@example.pl');

    await api('PUT', '/api/telegram/me', { notifyOnOfferVerified: false }, anna);
    await place('przewoznik2@example.pl');
    await rounds(h.app);
    expect(sentTo('9101')).toHaveLength(1);
  });

  it('sends a test message at once and reports success or the reason; the log shows mine, admins see all', async () => {
    await setChat('anna', null);
    const unlinked = await api('POST', '/api/telegram/test', undefined, anna);
    expect(unlinked.statusCode).toBe(422);
    expect(unlinked.json().detail).toBe(msg.notLinked);

    await setChat('anna', '9201');
    const ok = await api('POST', '/api/telegram/test', undefined, anna);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: msg.testSent });
    expect(sentTo('9201')[0]?.text).toContain('Wiadomość testowa ze Spedycji dla: Anna Nowak');

    h.fake.blocked.add('9201');
    // A different body: the same one within 5 s would be taken for a double click.
    const blocked = await api('POST', '/api/telegram/test', {}, anna);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().detail).toContain('403');
    h.fake.blocked.delete('9201');

    const logResponse = await api('GET', '/api/telegram/notifications', undefined, anna);
    expect(logResponse.statusCode, logResponse.body).toBe(200);
    const log = logResponse.json();
    const members = log['hydra:member'] as { kind: string; status: string; user: { login: string }; error: string }[];
    expect(members.length).toBeGreaterThanOrEqual(2);
    expect(members.length).toBeLessThanOrEqual(50);
    expect(members.every((m) => m.user.login === 'anna')).toBe(true);
    expect(members[0]).toMatchObject({ kind: 'test', status: 'failed' });
    expect(members[0]?.error).toContain('zablokował bota');
    expect(members[1]).toMatchObject({ kind: 'test', status: 'sent' });

    expect((await api('GET', '/api/telegram/notifications?scope=all', undefined, anna)).statusCode).toBe(403);
    await setChat('admin', '9202');
    expect((await api('POST', '/api/telegram/test')).statusCode).toBe(200);
    const all = (await api('GET', '/api/telegram/notifications?scope=all')).json();
    const logins = new Set((all['hydra:member'] as { user: { login: string } | null }[]).map((m) => m.user?.login));
    expect(logins.has('admin')).toBe(true);
    expect(logins.has('anna')).toBe(true);
    expect(all['hydra:totalItems']).toBeGreaterThan(members.length);
  });

  it('finds due reminders through the partial index', async () => {
    let plan = '';
    await h.database.db
      .transaction(async (tx) => {
        // An office's tasks, nearly all done or not notifying: on a nearly empty table any index on contact_date costs
        // the same, and the planner's pick says nothing. Rolled back once the plan is read.
        await tx.execute(
          sql`INSERT INTO tasks (contact_date, status, telegram_notification)
              SELECT now() - (i || ' hours')::interval, CASE WHEN i % 10 = 0 THEN 'niewykonane' ELSE 'wykonane' END,
                i % 7 = 0
              FROM generate_series(1, 3000) i`,
        );
        await tx.execute(sql`ANALYZE tasks`);
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const { rows } = (await tx.execute(
          sql`EXPLAIN SELECT id FROM tasks WHERE status = 'niewykonane' AND telegram_notification AND deletion_reason = 0
              AND telegram_reminded_for IS DISTINCT FROM contact_date AND contact_date <= now()
              ORDER BY contact_date LIMIT 100 FOR UPDATE SKIP LOCKED`,
        )) as unknown as { rows: Record<string, string>[] };
        plan = rows.map((r) => Object.values(r)[0]).join('\n');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plan).toContain('tasks_telegram_due_idx');
    const [left] = await selectRows<{ n: number }>(h.database.db, sql`SELECT count(*)::int AS n FROM tasks`);
    expect(left?.n).toBeLessThan(3000);
  });
});

describe.each(dbKinds)('telegram without a token, with a webhook, on its own timer (%s)', (kind) => {
  it('sends nothing without a token, and the page can tell', async () => {
    const h = await harness(kind, {}, false);
    try {
      const token = await login(h.app, ADMIN.username, ADMIN.password);
      await h.database.db.update(users).set({ telegramUserId: '1001' }).where(eq(users.login, 'admin'));
      expect((await call(h.app, token, 'GET', '/api/telegram/bot')).json()).toMatchObject({
        configured: false,
        connected: false,
        source: null,
      });
      await call(h.app, token, 'POST', '/api/tasks', {
        contactDate: minutesFromNow(-1),
        telegramNotification: true,
        phone: '600100200',
      });
      await rounds(h.app);
      expect(h.fake.calls).toEqual([]);
      const link = await call(h.app, token, 'POST', '/api/telegram/link');
      expect(link.statusCode).toBe(409);
      expect(link.json().detail).toBe(msg.notConfigured);
      // The token arrives: the reminder that waited goes out.
      expect((await call(h.app, token, 'PUT', '/api/telegram/bot', { token: h.fake.token })).statusCode).toBe(200);
      await rounds(h.app);
      expect(h.fake.sent.filter((m) => m.chatId === '1001')).toHaveLength(1);
    } finally {
      await closeHarness(h);
    }
  });

  it('takes /start from a webhook checked by its secret header, and sets the webhook', async () => {
    const secret = 'webhook-secret_123';
    const h = await harness(kind, { TELEGRAM_WEBHOOK_SECRET: secret });
    try {
      await rounds(h.app);
      expect(h.fake.webhook).toEqual({ url: `${PUBLIC_URL}/api/telegram/webhook`, secret });
      expect(h.fake.calls).not.toContain('getUpdates');
      const token = await login(h.app, ADMIN.username, ADMIN.password);
      const url = (await call(h.app, token, 'POST', '/api/telegram/link')).json().url as string;
      const code = new URL(url).searchParams.get('start');
      const update = {
        update_id: 5001,
        message: {
          message_id: 1,
          chat: { id: 4242, type: 'private' },
          from: { id: 4242, first_name: 'Ola' },
          text: `/start ${code}`,
        },
      };
      const forged = await h.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'x-telegram-bot-api-secret-token': 'zgadywane' },
        payload: update,
      });
      expect(forged.statusCode).toBe(403);
      const missing = await h.app.inject({ method: 'POST', url: '/api/telegram/webhook', payload: update });
      expect(missing.statusCode).toBe(403);
      expect((await call(h.app, token, 'GET', '/api/telegram/me')).json().linked).toBe(false);

      const real = await h.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'x-telegram-bot-api-secret-token': secret },
        payload: update,
      });
      expect(real.statusCode).toBe(200);
      expect((await call(h.app, token, 'GET', '/api/telegram/me')).json()).toMatchObject({
        linked: true,
        telegramUserId: '4242',
      });
      await rounds(h.app);
      expect(h.fake.sent.find((m) => m.chatId === '4242')?.text).toContain('Połączono z kontem');
    } finally {
      await closeHarness(h);
    }
  });

  it('sends a due reminder by itself, on the poll interval', async () => {
    const h = await harness(kind, { TELEGRAM_POLL_SECONDS: '0.2' });
    try {
      const token = await login(h.app, ADMIN.username, ADMIN.password);
      await h.database.db.update(users).set({ telegramUserId: '3003' }).where(eq(users.login, 'admin'));
      await call(h.app, token, 'POST', '/api/tasks', {
        contactDate: new Date(Date.now() + 1500).toISOString(),
        telegramNotification: true,
        comment: 'Za chwilę',
      });
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && !h.fake.sent.some((m) => m.chatId === '3003')) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(h.fake.sent.filter((m) => m.chatId === '3003')).toHaveLength(1);
    } finally {
      await closeHarness(h);
    }
  });
});

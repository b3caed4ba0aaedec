import { DEFAULT_REMINDER_SCHEDULE, remindersMessages } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../src/modules/reminders/service.ts';
import { formatWarsaw } from '../src/warsawDay.ts';
import { invoiceOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { decodedBody, startSmtp, type TestSmtp } from './smtp.ts';

/** Issue 26: payment reminders that go out by themselves, once per invoice and step. */
describe.each(dbKinds)('payment reminders on %s', (kind) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let token: string;
  let userToken: string;
  const TODAY = '2026-12-10';

  const api = (method: string, url: string, payload?: unknown, as = token) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  let seq = 0;
  async function customer(fields: Record<string, unknown> = {}) {
    const n = ++seq;
    const res = await api('POST', '/api/customers', {
      companyName: `Płatnik ${n} Sp. z o.o.`,
      email: `ksiegowosc${n}@platnik.example`,
      city: 'Poznań',
      country: 'PL',
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  async function invoice(
    c: { '@id': string; email: string },
    paymentDate: string,
    fields: Record<string, unknown> = {},
  ) {
    const res = await api(
      'POST',
      '/api/invoices',
      invoiceOf(c['@id'], {
        createdDate: '2026-11-05',
        saleDate: '2026-11-03',
        paymentDate,
        customerName: 'Płatnik Sp. z o.o.',
        customerNip: '7831672591',
        customerEmail: c.email,
        invoicePositions: [{ title: 'Usługa transportu', amount: 1, unit: 'usł.', netto: 100_000, vatRate: 2300 }],
        ...fields,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const reminders = async (uuid: string) =>
    (await api('GET', `/api/invoices/${uuid}/reminders`)).json()['hydra:member'];
  const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(to));

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    token = await t.login();
    await api('POST', '/api/users', {
      login: 'dyspozytor',
      name: 'Dyspozytor',
      plainPassword: 'haslo-dysp-123',
      roles: ['ROLE_USER'],
    });
    userToken = await t.login('dyspozytor', 'haslo-dysp-123');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers 401 without a token and 403 to a dispatcher', async () => {
    const url = '/api/invoices/7b0c4d3e-0000-4000-8000-000000000000/reminders';
    for (const method of ['GET', 'POST']) {
      expect((await t.app.inject({ method: method as 'GET', url })).statusCode).toBe(401);
      expect((await api(method, url, undefined, userToken)).statusCode).toBe(403);
    }
    expect((await api('GET', url)).statusCode).toBe(404);
  });

  it('sends a step once across two concurrent workers and a restart, with the PDF and the sum due', async () => {
    const c = await customer();
    const inv = await invoice(c, '2026-12-09');
    // Two workers (two servers) at the same moment, then a third run after a restart.
    const counts = await Promise.all([sendDueReminders(t.database.db, TODAY), sendDueReminders(t.database.db, TODAY)]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await sendDueReminders(t.database.db, TODAY)).toBe(0);
    const queued = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = ${c.email}`,
    )) as unknown as { rows: { n: number }[] };
    expect(queued.rows[0]?.n).toBe(1);

    const listed = await reminders(inv.uuid);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ day: 1, label: '1 dzień po terminie', language: 'pl', dueAmount: 123_000 });

    await t.app.outbox.flush();
    const [mail] = mailsTo(c.email);
    expect(mail).toBeDefined();
    const body = decodedBody(mail?.raw ?? '');
    expect(body).toContain(`faktura ${inv.number}`);
    expect(body).toContain('1 dzień po terminie');
    expect(body).toMatch(/1\s230,00/);
    expect(mail?.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(Buffer.from(mail?.raw ?? '').toString()).toContain('JVBERi0'); // %PDF- in Base64

    // Five days later: still the step of day 1, nothing more; on day 7 the next one.
    expect(await sendDueReminders(t.database.db, '2026-12-14')).toBe(0);
    expect(await sendDueReminders(t.database.db, '2026-12-16')).toBe(1);
    const labels = (await reminders(inv.uuid)).map((r: { label: string }) => r.label);
    expect(labels).toEqual(['1 dzień po terminie', '7 dni po terminie']);
    // Each step sent is a line of the invoice's history, the worker's without a user (the system).
    const history = (await api('GET', `/api/invoices/${inv.uuid}/history`)).json()['hydra:member'];
    const sent = history.filter((h: { action: string }) => h.action === 'reminder');
    expect(sent).toEqual([
      expect.objectContaining({
        user: null,
        changes: [{ field: 'reminder', from: null, to: remindersMessages.historyLine('7 dni po terminie', c.email) }],
      }),
      expect.objectContaining({
        user: null,
        changes: [{ field: 'reminder', from: null, to: remindersMessages.historyLine('1 dzień po terminie', c.email) }],
      }),
    ]);
  });

  it('an edited schedule does not send a step again', async () => {
    const c = await customer();
    const inv = await invoice(c, '2026-12-08');
    expect(await sendDueReminders(t.database.db, TODAY)).toBe(1);
    const edited = DEFAULT_REMINDER_SCHEDULE.map((s) =>
      s.day === 1 ? { ...s, subjectPl: 'Nowy temat {invoice}' } : s,
    );
    const put = await api('PUT', '/api/settings/reminderSchedule', { value: JSON.stringify(edited) });
    expect(put.statusCode, put.body).toBe(200);
    expect(await sendDueReminders(t.database.db, TODAY)).toBe(0);
    expect(await reminders(inv.uuid)).toHaveLength(1);
    const bad = await api('PUT', '/api/settings/reminderSchedule', { value: '[{"day":1}]' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(remindersMessages.scheduleInvalid);
  });

  it('sends none for a paid invoice nor for a customer marked bez przypomnień', async () => {
    const c = await customer();
    const paid = await invoice(c, '2026-12-09');
    const pay = await api('POST', '/api/invoice_payments', {
      invoice: paid['@id'],
      date: '2026-12-05',
      amount: 123_000,
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const quiet = await customer({ noReminders: true });
    expect(quiet.noReminders).toBe(true);
    const unwanted = await invoice(quiet, '2026-12-09');
    await sendDueReminders(t.database.db, TODAY);
    expect(await reminders(paid.uuid)).toEqual([]);
    expect(await reminders(unwanted.uuid)).toEqual([]);
    const now = await api('POST', `/api/invoices/${paid.uuid}/reminders`);
    expect(now.statusCode).toBe(422);
    expect(now.json().detail).toBe(remindersMessages.paid);
    const quietNow = await api('POST', `/api/invoices/${unwanted.uuid}/reminders`);
    expect(quietNow.statusCode).toBe(422);
    expect(quietNow.json().detail).toBe(remindersMessages.noReminders);
  });

  it('writes to an English-speaking customer in English', async () => {
    const c = await customer({ language: 'Angielski', country: 'DE' });
    const inv = await invoice(c, '2026-12-13');
    expect(await sendDueReminders(t.database.db, TODAY)).toBeGreaterThanOrEqual(1);
    const [sent] = await reminders(inv.uuid);
    expect(sent).toMatchObject({ day: -3, language: 'en', subject: `Payment reminder: invoice ${inv.number}` });
    await t.app.outbox.flush();
    const body = decodedBody(mailsTo(c.email)[0]?.raw ?? '');
    expect(body).toContain('friendly reminder');
  });

  it('POST sends the current step now, and a second time is a 409', async () => {
    const c = await customer();
    const inv = await invoice(c, '2099-12-31');
    const planOf = async () => (await api('GET', `/api/invoices/${inv.uuid}/reminders`)).json().plan;
    // Issue 34: the list says which step the button sends, whether it went, and the step after it.
    expect(await planOf()).toEqual({
      current: { day: -3, label: '3 dni przed terminem', date: '2099-12-28', sentAt: null },
      next: { day: 1, label: '1 dzień po terminie', date: '2100-01-01' },
    });
    const first = await api('POST', `/api/invoices/${inv.uuid}/reminders`);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ day: -3, manual: true, label: '3 dni przed terminem' });
    const [line] = (await api('GET', `/api/invoices/${inv.uuid}/history`)).json()['hydra:member'];
    expect(line).toMatchObject({
      action: 'reminder',
      user: { name: expect.any(String) },
      changes: [{ field: 'reminder', from: null, to: remindersMessages.historyLine('3 dni przed terminem', c.email) }],
    });
    const again = await api('POST', `/api/invoices/${inv.uuid}/reminders`);
    expect(again.statusCode).toBe(409);
    // Issue 34: a second click says when the step went and when the next one goes, not just 'already sent'.
    const sentAt = first.json().sentAt;
    expect((await planOf()).current).toMatchObject({ day: -3, sentAt });
    expect(again.json().detail).toBe(
      remindersMessages.alreadySent('3 dni przed terminem', formatWarsaw(sentAt), {
        label: '1 dzień po terminie',
        date: '01/01/2100',
      }),
    );
    expect(again.json().detail).toMatch(
      /wysłane \(\d\d:\d\d, \d\d\/\d\d\/\d{4}\); następny krok „1 dzień po terminie” – 01\/01\/2100\.$/,
    );
  });
});

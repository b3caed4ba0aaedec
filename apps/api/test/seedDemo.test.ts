import { isValidPolishNip } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../src/bootstrap.ts';
import { type Db, selectRows } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { CARRIER_NUMBERS, CUSTOMER_NUMBERS, seededNip } from '../src/seed/parties.ts';
import { bearer, createTestApp, dbKinds, freshDatabase, type TestApp, testConfig } from './helpers.ts';

/**
 * Issue 35: the benchmark's seeding. The bulk load (indexes, foreign keys and triggers off, then rebuilt and what the
 * triggers keep summed) must leave what the row-by-row load leaves; the data must be spread as an office's is and
 * readable by the API's lists.
 */

const SCALE = 400;

/** What the schema and the kept values are, independent of how the rows were written. */
async function signature(db: Db): Promise<Record<string, string>> {
  const checks: Record<string, string> = {
    disabledTriggers: `SELECT count(*)::text AS v FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`,
    indexes: `SELECT string_agg(pg_get_indexdef(i.indexrelid), ';' ORDER BY pg_get_indexdef(i.indexrelid)) AS v
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid WHERE c.relnamespace = 'public'::regnamespace`,
    constraints: `SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated, ';' ORDER BY conname) AS v
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace`,
    statusCounts: `SELECT string_agg(x::text, ';' ORDER BY x::text) AS v FROM (SELECT table_name, status, country, sum(n)
      FROM status_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0) x`,
    stats: `SELECT string_agg(x::text, ';' ORDER BY x::text) AS v FROM (SELECT month, user_id, sum(orders), sum(revenue),
      sum(cost), sum(margin), sum(margin_revenue), sum(queries), sum(conversions) FROM stats_monthly GROUP BY 1, 2
      HAVING sum(orders) <> 0 OR sum(queries) <> 0 OR sum(conversions) <> 0) x`,
    orders: `SELECT string_agg(x::text, ';' ORDER BY x::text) AS v FROM (SELECT number, status, query_uuid, customer_id,
      carrier_id, margin, carrier_invoice_payment_date FROM orders) x`,
    queries: `SELECT string_agg(x::text, ';' ORDER BY x::text) AS v FROM (SELECT uuid, status, order_uuid, best_offer,
      best_offer_currency, best_offer_pln FROM queries) x`,
    invoices: `SELECT string_agg(x::text, ';' ORDER BY x::text) AS v FROM (SELECT number, number_sort, paid, paid_amount,
      due_amount, total_gross FROM invoices) x`,
    counts: `SELECT string_agg(x::text, ';' ORDER BY x::text) AS v FROM (
      SELECT 'offers', count(*) FROM offers UNION ALL SELECT 'tasks', count(*) FROM tasks
      UNION ALL SELECT 'tries', count(*) FROM task_contact_tries UNION ALL SELECT 'payments', count(*) FROM invoice_payments
      UNION ALL SELECT 'carrier payments', count(*) FROM carrier_payments UNION ALL SELECT 'links', count(*) FROM portal_links
      UNION ALL SELECT 'events', count(*) FROM portal_events UNION ALL SELECT 'documents', count(*) FROM order_documents
      UNION ALL SELECT 'checks', count(*) FROM verifications UNION ALL SELECT 'lines', count(*) FROM bank_statement_lines
      UNION ALL SELECT 'notes', count(*) FROM interest_notes UNION ALL SELECT 'reminders', count(*) FROM invoice_reminders
      UNION ALL SELECT 'history', count(*) FROM record_history
      UNION ALL SELECT 'received invoices', count(*) FROM received_invoices
      UNION ALL SELECT 'telegram', count(*) FROM telegram_messages) x`,
    payments: `SELECT string_agg(x::text, ';' ORDER BY x::text) AS v FROM (SELECT side, currency, sum(n), sum(amount)
      FROM payment_day_totals GROUP BY 1, 2 HAVING sum(n) <> 0) x`,
    cashflow: `SELECT string_agg(x::text, ';' ORDER BY x::text) AS v FROM (SELECT side, currency, day, held, in_batch, sum(n),
      sum(amount) FROM cashflow_day_totals GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0) x`,
  };
  const out: Record<string, string> = {};
  for (const [name, query] of Object.entries(checks)) {
    const [row] = await selectRows<{ v: string | null }>(db, sql.raw(query));
    out[name] = row?.v ?? '';
  }
  return out;
}

describe.each(dbKinds)('the demo seeder on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedDemo(t.database.db, { scale: SCALE, bulk: true, log: null });
    token = await t.login();
  }, 240_000);
  afterAll(async () => t?.close());

  it('leaves by the bulk load what the row-by-row load leaves', async () => {
    const rowByRow = await freshDatabase(kind);
    try {
      await bootstrap(rowByRow.db, testConfig());
      await seedDemo(rowByRow.db, { scale: SCALE, bulk: false, log: null });
      const expected = await signature(rowByRow.db);
      const actual = await signature(t.database.db);
      expect(actual.disabledTriggers).toBe('0');
      for (const key of Object.keys(expected)) expect(actual[key], key).toBe(expected[key]);
    } finally {
      await rowByRow.close();
    }
  }, 240_000);

  it('spreads the data as an office has it', async () => {
    const [spread] = await selectRows<Record<string, number>>(
      t.database.db,
      sql`SELECT
        (SELECT count(DISTINCT customer_id) FROM invoices WHERE type = 'vat' AND due_amount > 0
           AND payment_date < current_date)::float8 / (SELECT count(DISTINCT customer_id) FROM invoices)::float8 AS overdue,
        (SELECT count(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM tasks t WHERE t.user_id = u.id))::int AS "usersWithoutTasks",
        (SELECT count(*) FROM queries WHERE status = 'zamienione')::int AS converted,
        (SELECT count(*) FROM bank_statements)::int AS statements,
        (SELECT count(*) FROM bank_statement_lines)::int AS lines,
        (SELECT count(*) FROM invoice_reminders)::int AS reminders,
        (SELECT count(*) FROM orders)::int AS orders,
        (SELECT count(*) FROM portal_events)::int AS events,
        (SELECT count(*) FROM order_documents)::int AS documents,
        (SELECT count(*) FROM verifications WHERE source = 'gus')::int AS gus,
        (SELECT count(*) FROM verifications WHERE source = 'whitelist')::int AS whitelist,
        (SELECT count(*) FROM interest_notes)::int AS notes,
        (SELECT count(*) FROM invoices WHERE paid_amount > 0 AND NOT paid)::int AS "partlyPaid",
        (SELECT count(*) FROM invoices i WHERE i.paid_amount <> coalesce((SELECT sum(p.amount) FROM invoice_payments p
           WHERE p.invoice_id = i.id AND p.cancelled_at IS NULL), 0))::int AS "paymentsOff",
        (SELECT count(*) FROM orders o WHERE o.carrier_paid AND o.carrier_price > 0
           AND NOT EXISTS (SELECT 1 FROM carrier_payments c WHERE c.order_id = o.id))::int AS "carrierUnpaid",
        (SELECT count(*) FROM received_invoices WHERE order_id IS NOT NULL)::int AS "receivedMatched",
        (SELECT count(*) FROM received_invoices WHERE order_id IS NULL)::int AS "receivedUnmatched",
        (SELECT count(*) FROM received_invoices r JOIN orders o ON o.id = r.order_id JOIN carriers k ON k.id = o.carrier_id
           WHERE regexp_replace(k.nip, '[^0-9]', '', 'g') <> r.seller_nip OR o.carrier_price <> r.net_amount
             OR o.carrier_invoice_payment_date IS DISTINCT FROM r.payment_date)::int AS "receivedOff",
        (SELECT count(*) FROM orders WHERE status = 'zakonczone')::int AS finished,
        (SELECT count(*) FROM telegram_messages)::int AS telegram,
        (SELECT count(DISTINCT user_id) FROM telegram_messages)::int AS "telegramUsers",
        (SELECT count(*) FROM users)::int AS users,
        (SELECT count(DISTINCT kind) FROM telegram_messages)::int AS "telegramKinds",
        (SELECT count(*) FROM telegram_messages WHERE status NOT IN ('sent', 'failed'))::int AS "telegramQueued",
        (SELECT count(*) FROM telegram_messages WHERE kind = 'reminder' AND task_id IS NOT NULL)::int AS reminded`,
    );
    expect(spread?.overdue).toBeGreaterThan(0.2);
    expect(spread?.overdue).toBeLessThan(0.4);
    expect(spread?.usersWithoutTasks).toBe(0);
    expect(spread?.paymentsOff).toBe(0);
    expect(spread?.carrierUnpaid).toBe(0);
    for (const key of ['converted', 'statements', 'lines', 'reminders', 'events', 'documents', 'gus', 'whitelist']) {
      expect(spread?.[key], key).toBeGreaterThan(0);
    }
    expect(spread?.notes).toBeGreaterThan(0);
    expect(spread?.partlyPaid).toBeGreaterThan(0);
    // The carriers' invoices from KSeF: most finished orders' (matched as the sync matches), a few unassigned.
    expect(spread?.receivedOff).toBe(0);
    expect(spread?.receivedMatched).toBeGreaterThan((spread?.finished ?? 0) / 2);
    expect(spread?.receivedUnmatched).toBeGreaterThan(0);
    expect(spread?.receivedUnmatched).toBeLessThan((spread?.receivedMatched ?? 0) / 5);
    // The bot's messages: on a few users' chats, every kind, none left in the outbox for the worker to send.
    expect(spread?.telegram).toBeGreaterThan(0);
    expect(spread?.telegramUsers).toBeGreaterThan(0);
    expect(spread?.telegramUsers).toBeLessThan((spread?.users ?? 0) / 2);
    expect(spread?.telegramKinds).toBe(5);
    expect(spread?.telegramQueued).toBe(0);
    expect(spread?.reminded).toBeGreaterThan(0);
    // Statements and reminders are an office's weeks, not its volume.
    expect(spread?.statements).toBeLessThan((spread?.orders ?? 0) / 10);
    expect(spread?.reminders).toBeLessThan((spread?.orders ?? 0) / 2);
  });

  it("mixes each day's orders and queries: their currencies, courses and mails are not the day's", async () => {
    // Drawn as `g % 5` beside dates drawn as `g % 120`, a day held one course and one currency: the archive's latest
    // days had no order in euros, and its filter walked them all (issue 35).
    const days = await selectRows<{
      kind: string;
      day: string;
      n: number;
      eur: number;
      courses: number;
      mailed: number;
    }>(
      t.database.db,
      sql`SELECT 'order' AS kind, unloading_date::date::text AS day, count(*)::int AS n,
            count(*) FILTER (WHERE customer_price_currency = 'eur')::int AS eur,
            count(DISTINCT status)::int AS courses, count(*) FILTER (WHERE mail_sent_to_customer)::int AS mailed
          FROM orders GROUP BY 2
          UNION ALL
          SELECT 'query', loading_date::date::text, count(*)::int,
            count(*) FILTER (WHERE customer_price_currency = 'eur')::int, count(DISTINCT status)::int, 0
          FROM queries GROUP BY 2`,
    );
    // At this scale a day holds 3–4 orders: shares of the days, which drawn as `g % k` were 0.2 in euros, 0 with two
    // statuses and 0.25 not all mailed.
    const share = (kind: string, test: (d: (typeof days)[number]) => boolean) => {
      const busy = days.filter((d) => d.kind === kind && d.n >= 3);
      expect(busy.length, `${kind} days`).toBeGreaterThan(20);
      return busy.filter(test).length / busy.length;
    };
    for (const kind of ['order', 'query']) {
      expect(
        share(kind, (d) => d.courses > 1),
        `${kind} days with two statuses`,
      ).toBeGreaterThan(0.6);
      expect(
        share(kind, (d) => d.eur > 0),
        `${kind} days with one in euros`,
      ).toBeGreaterThan(0.35);
    }
    expect(
      share('order', (d) => d.mailed < d.n),
      'order days not all mailed',
    ).toBeGreaterThan(0.4);
  });

  it("gives the generated parties valid NIPs and phones spread as an office's are, not the row's number", async () => {
    for (const [table, multiplier] of [
      ['customers', CUSTOMER_NUMBERS],
      ['carriers', CARRIER_NUMBERS],
    ] as const) {
      const rows = await selectRows<{ nip: string; phone: string }>(
        t.database.db,
        sql`SELECT nip, phone FROM ${sql.identifier(table)} WHERE nip ~ '^[0-9]{10}$' ORDER BY id`,
      );
      const generated = rows.slice(-SCALE / (table === 'customers' ? 1 : 10));
      for (const row of generated) expect(isValidPolishNip(row.nip), row.nip).toBe(true);
      expect(new Set(generated.map((r) => r.nip)).size).toBe(generated.length);
      // The SQL and the function agree (the seeder finds an earlier bulk seed by the first party's NIP).
      expect(generated.map((r) => r.nip)).toContain(seededNip(1, multiplier));
      // No three leading digits shared by a tenth of them: a NIP fragment's trigrams narrow as they would in an office.
      const leads = new Map<string, number>();
      for (const row of generated) leads.set(row.nip.slice(0, 3), (leads.get(row.nip.slice(0, 3)) ?? 0) + 1);
      expect(Math.max(...leads.values())).toBeLessThan(generated.length / 10);
      const phoneLeads = new Set(generated.map((r) => r.phone.slice(0, 4)));
      expect(phoneLeads.size).toBeGreaterThan(generated.length / 4);
    }
  });

  it('is read by the lists, staff and public', async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      return res.json();
    };
    for (const url of [
      '/api/customers',
      '/api/carriers',
      '/api/queries',
      '/api/offers',
      '/api/orders',
      '/api/tasks',
      '/api/task_contact_tries',
      '/api/invoices',
      '/api/invoice_payments',
      '/api/carrier_payments',
      '/api/receivables/balances',
      '/api/payments',
      '/api/bank_statements',
      '/api/portal/notifications',
      '/api/received_invoices',
      '/api/telegram/notifications?scope=all',
      `/api/stats?from=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
      '/api/users',
    ]) {
      await get(url);
    }
    // The lists the seeded rows are for have rows: the carriers' invoices (matched and not), the bot's log, and the
    // payments cockpit's both sides as it opens (overdue) and all (the load test reads them).
    const rows = async (url: string) => {
      const body = await get(url);
      expect(body['hydra:member'].length, url).toBeGreaterThan(0);
      return body;
    };
    await rows('/api/received_invoices');
    await rows('/api/received_invoices?matched=false');
    await rows('/api/telegram/notifications?scope=all');
    for (const side of ['customer', 'carrier']) {
      await rows(`/api/payments?side=${side}`);
      await rows(`/api/payments?side=${side}&state=overdue&page=1&itemsPerPage=10`);
      await rows(`/api/payments?side=${side}&state=due`);
    }
    const [received] = await selectRows<{ uuid: string }>(
      t.database.db,
      sql`SELECT uuid FROM received_invoices WHERE order_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    await get(`/api/received_invoices/${received?.uuid}`);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/received_invoices/${received?.uuid}/pdf`,
      headers: bearer(token),
    });
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    const [statement] = await selectRows<{ uuid: string }>(
      t.database.db,
      sql`SELECT s.uuid FROM bank_statements s WHERE EXISTS (SELECT 1 FROM bank_statement_lines l WHERE l.statement_id = s.id) LIMIT 1`,
    );
    await get(`/api/bank_statements/${statement?.uuid}`);
    const [order] = await selectRows<{ uuid: string }>(
      t.database.db,
      sql`SELECT o.uuid FROM orders o JOIN portal_links l ON l.order_id = o.id
          WHERE EXISTS (SELECT 1 FROM order_documents d WHERE d.order_id = o.id) LIMIT 1`,
    );
    await get(`/api/orders/${order?.uuid}`);
    await get(`/api/orders/${order?.uuid}/portal`);
    await get(`/api/orders/${order?.uuid}/documents`);
    const [note] = await selectRows<{ invoice: string; note: string }>(
      t.database.db,
      sql`SELECT i.uuid AS invoice, n.uuid AS note FROM interest_notes n JOIN invoices i ON i.id = n.invoice_id LIMIT 1`,
    );
    await get(`/api/invoices/${note?.invoice}/interest_notes`);
    await get(`/api/invoices/${note?.invoice}/reminders`);
    await get(`/api/interest_notes/${note?.note}`);
    const [carrier] = await selectRows<{ uuid: string }>(
      t.database.db,
      sql`SELECT k.uuid FROM carriers k JOIN verifications v ON v.carrier_id = k.id LIMIT 1`,
    );
    await get(`/api/carriers/${carrier?.uuid}`);
    await get(`/api/carriers/${carrier?.uuid}/verifications`);
  });
});

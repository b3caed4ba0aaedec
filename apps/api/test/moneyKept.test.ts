import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { parseListQuery } from '../src/http/filters.ts';
import { setCountCacheMs } from '../src/http/listing.ts';
import { paymentFilters } from '../src/modules/payments/filters.ts';
import { keptPaymentView } from '../src/modules/payments/kept.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Issue 35: the money lists' values kept on write (migration money_kept_values) answer what counting the rows
 * answers: the balances per customer, the invoices' month totals and sums, the payments cockpit's totals, a bank
 * statement's line counts — after the demo data, after writes through the API and beside it, after many changes
 * (folded), after a TRUNCATE.
 */
describe("the payments cockpit's kept view (issue 35)", () => {
  const view = (query: Record<string, string>) =>
    keptPaymentView('customer', parseListQuery({ side: 'customer', ...query }, paymentFilters('customer')));
  it('answers whole payment days from the kept day totals, and counts a time, a list or another filter', () => {
    expect(view({ 'paymentDate[after]': '2026-11-24' })?.days).toEqual([{ op: 'after', day: '2026-11-24' }]);
    expect(view({ state: 'due', 'paymentDate[strictly_before]': '2026-12-01' })?.days).toEqual([
      { op: 'strictly_before', day: '2026-12-01' },
    ]);
    expect(view({ 'paymentDate[before]': '2026-11-24T12:00' })).toBeNull();
    // Not a day at all: refused before any view (a 400).
    expect(() => view({ 'paymentDate[after]': '2026-02-30' })).toThrow();
    expect(view({ 'paymentDate[after]': '2026-11-24', 'amount[gte]': '100' })).toBeNull();
    expect(view({})?.days).toEqual([]);
  });
});

describe.each(dbKinds)('money lists: kept values on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const run = (text: string) =>
    (t.database.db as unknown as { $client: { query(text: string): Promise<unknown> } }).$client.query(text);

  beforeAll(async () => {
    // The counted side of each comparison counts now (writes beside the API are not announced to the count cache).
    t = await createTestApp(kind);
    setCountCacheMs(0);
    token = await t.login();
    await seedDemo(t.database.db, { scale: 15 });
  }, 180_000);
  afterAll(async () => {
    setCountCacheMs(t.config.listCountCacheMs);
    await t.close();
  });

  type Balance = {
    customer: { uuid: string };
    currencies: { currency: string; due: number; overdue: number; invoices: number; overdueInvoices: number }[];
  };
  /** The balances as the list answered them before issue 35: grouped from every open invoice. */
  const balancesTruth = async () => {
    const rows = await selectRows<Record<string, string | number>>(
      t.database.db,
      sql`SELECT c.uuid, i.currency, sum(i.due_amount)::bigint AS due,
            coalesce(sum(i.due_amount) FILTER (WHERE i.payment_date < (now() AT TIME ZONE 'Europe/Warsaw')::date), 0)::bigint AS overdue,
            count(*)::int AS invoices,
            (count(*) FILTER (WHERE i.payment_date < (now() AT TIME ZONE 'Europe/Warsaw')::date))::int AS overdue_invoices
          FROM invoices i JOIN customers c ON c.id = i.customer_id
          WHERE NOT i.paid AND i.type = 'vat' AND i.due_amount > 0
          GROUP BY c.uuid, i.currency`,
    );
    return rows
      .map((r) =>
        [r.uuid, r.currency, Number(r.due), Number(r.overdue), Number(r.invoices), Number(r.overdue_invoices)].join(
          ' ',
        ),
      )
      .sort();
  };
  const balancesKept = async () => {
    const members = (await get('/api/receivables/balances'))['hydra:member'] as Balance[];
    // The largest debts first (a customer's other currencies follow its largest).
    const largest = members.map((m) => Math.max(...m.currencies.map((c) => c.due)));
    expect(largest).toEqual([...largest].sort((a, b) => b - a));
    return members
      .flatMap((m) =>
        m.currencies.map((c) =>
          [m.customer.uuid, c.currency, c.due, c.overdue, c.invoices, c.overdueInvoices].join(' '),
        ),
      )
      .sort();
  };

  /** `customer=` (empty) filters nothing but is not the usual view: the list counts and sums the rows. */
  const invoicesAgree = async (query: string) => {
    const kept = await get(`/api/invoices/summary?${query}`);
    const counted = await get(`/api/invoices/summary?${query}&customer=`);
    expect(kept).toEqual(counted);
    const keptTotal = (await get(`/api/invoices?${query}`))['hydra:totalItems'];
    expect(keptTotal).toBe((await get(`/api/invoices?${query}&customer=`))['hydra:totalItems']);
    return keptTotal as number;
  };
  /** `user.uuid=` (empty) likewise for the payments cockpit. */
  const paymentsAgree = async (query: string) => {
    const kept = await get(`/api/payments?${query}`);
    const counted = await get(`/api/payments?${query}&user.uuid=`);
    expect(kept.totals).toEqual(counted.totals);
    expect(kept['hydra:totalItems']).toBe(counted['hydra:totalItems']);
    return kept['hydra:totalItems'] as number;
  };
  /**
   * customers.debt_since (issue 35, kept by triggers on invoices) against the earliest payment date of each customer's
   * open VAT invoices, and `debtor=` (read from it) against the invoices as the filter read them before.
   */
  const debtAgrees = async () => {
    const [wrong] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM customers c WHERE c.debt_since IS DISTINCT FROM (SELECT min(i.payment_date)
            FROM invoices i WHERE i.customer_id = c.id AND NOT i.paid AND i.type = 'vat' AND i.due_amount > 0)`,
    );
    expect(wrong?.n).toBe(0);
    const truth = await selectRows<{ uuid: string }>(
      t.database.db,
      sql`SELECT c.uuid FROM customers c WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.id
            AND NOT i.paid AND i.type = 'vat' AND i.due_amount > 0
            AND i.payment_date < (now() AT TIME ZONE 'Europe/Warsaw')::date
            AND i.payment_date < (now() AT TIME ZONE 'Europe/Warsaw')::date - coalesce((SELECT CASE WHEN value ~ '^[0-9]{1,4}$'
              THEN value::int END FROM settings WHERE key = 'debtorAfterDays'), 30))
          ORDER BY c.company_name NULLS FIRST, c.id`,
    );
    const debtors = await get('/api/customers?debtor=true');
    expect(debtors['hydra:totalItems']).toBe(truth.length);
    const members = debtors['hydra:member'] as { uuid: string; debtor: boolean }[];
    expect(members.map((m) => m.uuid)).toEqual(truth.slice(0, members.length).map((r) => r.uuid));
    expect(members.every((m) => m.debtor)).toBe(true);
    const others = await get('/api/customers?debtor=false');
    expect(others['hydra:totalItems'] + truth.length).toBe((await get('/api/customers?country='))['hydra:totalItems']);
    expect((others['hydra:member'] as { debtor: boolean }[]).some((m) => m.debtor)).toBe(false);
    return truth.length;
  };
  /** A filtered view of the cockpit (its sums from the covering indexes) against the same view joined to the owner. */
  const filteredPaymentsAgree = async (side: string) => {
    for (const filter of ['loadingDate[after]=2020-01-01', 'amount[gte]=100000', 'search=a', 'search=1']) {
      const read = await get(`/api/payments?side=${side}&${filter}`);
      const joined = await get(`/api/payments?side=${side}&${filter}&user.uuid=`);
      expect(read.totals).toEqual(joined.totals);
      expect(read['hydra:totalItems']).toBe(joined['hydra:totalItems']);
      expect(read['hydra:member']).toEqual(joined['hydra:member']);
    }
  };
  const everythingAgrees = async () => {
    expect(await balancesKept()).toEqual(await balancesTruth());
    await debtAgrees();
    await filteredPaymentsAgree('customer');
    await filteredPaymentsAgree('carrier');
    const [month] = await selectRows<{ from: string; to: string }>(
      t.database.db,
      sql`SELECT to_char(date_trunc('month', max(created_date)), 'YYYY-MM-DD') AS from,
            to_char(date_trunc('month', max(created_date)) + interval '1 month' - interval '1 day', 'YYYY-MM-DD') AS to
          FROM invoices WHERE type = 'vat'`,
    );
    const range = month ? `&createdDate[after]=${month.from}&createdDate[before]=${month.to}` : '';
    expect(await invoicesAgree(`type=vat${range}`)).toBeGreaterThan(0);
    await invoicesAgree('type=vat');
    await invoicesAgree('type=proforma');
    await invoicesAgree(`type=${range}`);
    await invoicesAgree('createdDate[after]=2020-01-01&createdDate[before]=2099-12-31');
    let open = 0;
    for (const side of ['customer', 'carrier']) {
      for (const state of ['overdue', 'due', 'all']) open += await paymentsAgree(`side=${side}&state=${state}`);
      await paymentsAgree(`side=${side}`);
      await paymentsAgree(`side=${side}&state=all&currency=eur`);
      await paymentsAgree(`side=${side}&state=due&currency=pln&currency=eur`);
      // Payment days asked as whole days: from the kept day totals (a time: counted), each bound as the list reads it,
      // on a day that has open orders (so that a bound off by one day shows).
      const [busy] = await selectRows<{ day: string }>(
        t.database.db,
        sql`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM payment_day_totals WHERE side = ${side} AND day IS NOT NULL
            GROUP BY day HAVING sum(n) > 0 ORDER BY sum(n) DESC, day LIMIT 1`,
      );
      const d = busy?.day as string;
      expect(d).toBeDefined();
      for (const bound of ['after', 'before', 'strictly_after', 'strictly_before']) {
        await paymentsAgree(`side=${side}&paymentDate[${bound}]=${d}`);
        await paymentsAgree(`side=${side}&state=overdue&paymentDate[${bound}]=${d}&currency=pln`);
        await paymentsAgree(`side=${side}&state=due&paymentDate[${bound}]=${d}`);
      }
      expect(await paymentsAgree(`side=${side}&paymentDate[after]=${d}&paymentDate[before]=${d}`)).toBeGreaterThan(0);
      await paymentsAgree(`side=${side}&paymentDate[before]=${d}T12:00`);
    }
    return open;
  };

  it('agrees with the rows after the demo data and after writes through the API', async () => {
    expect(await everythingAgrees()).toBeGreaterThan(0);
    expect((await balancesKept()).length).toBeGreaterThan(0);
    // A payment booked on an open invoice through the API (its due falls, perhaps to nothing).
    const [open] = await selectRows<{ uuid: string; due: number; currency: string }>(
      t.database.db,
      sql`SELECT uuid, due_amount AS due, currency FROM invoices WHERE type = 'vat' AND NOT paid AND due_amount > 1 LIMIT 1`,
    );
    expect(open).toBeDefined();
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/invoice_payments',
      headers: bearer(token),
      payload: { invoice: `/api/invoices/${open?.uuid}`, date: '2026-11-20', amount: 1, method: 'przelew' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await everythingAgrees();
    // Marked paid from the cockpit: the order (and its invoices) leave the open ones.
    const [order] = await selectRows<{ uuid: string }>(
      t.database.db,
      sql`SELECT uuid FROM orders WHERE NOT customer_paid AND deletion_reason = 0 AND status IN ('aktywne', 'zakonczone')
          LIMIT 1`,
    );
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${order?.uuid}/paid`,
      headers: bearer(token),
      payload: { side: 'customer', date: '2026-11-20' },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    await everythingAgrees();
  }, 180_000);

  it('agrees after writes beside the API, many changes (folded) and a TRUNCATE', async () => {
    await run(`UPDATE invoices SET paid = NOT paid WHERE id IN (SELECT id FROM invoices WHERE type = 'vat' LIMIT 7)`);
    await run(
      `UPDATE invoices SET currency = 'eur', due_amount = due_amount + 5 WHERE id IN (SELECT id FROM invoices ORDER BY id DESC LIMIT 3)`,
    );
    await run(
      `UPDATE invoices SET created_date = created_date - 40 WHERE id IN (SELECT id FROM invoices ORDER BY id LIMIT 5)`,
    );
    await run(
      `UPDATE orders SET customer_date_of_payment = now() - interval '3 days' WHERE id IN (SELECT id FROM orders ORDER BY id LIMIT 9)`,
    );
    await run(
      `UPDATE orders SET carrier_paid = NOT carrier_paid, carrier_price = 777 WHERE id IN (SELECT id FROM orders ORDER BY id DESC LIMIT 4)`,
    );
    await run(`UPDATE orders SET deletion_reason = 2 WHERE id IN (SELECT id FROM orders ORDER BY id DESC LIMIT 2)`);
    // The earliest open date moved, an invoice moved to another customer, one deleted.
    // Debtors (the demo's open invoices are not yet 30 days past their date): three invoices 45 days past it.
    await run(
      `UPDATE invoices SET payment_date = (now() AT TIME ZONE 'Europe/Warsaw')::date - 45
        WHERE id IN (SELECT id FROM invoices WHERE type = 'vat' AND NOT paid AND due_amount > 0 ORDER BY id DESC LIMIT 3)`,
    );
    expect(await debtAgrees()).toBeGreaterThan(0);
    await run(
      `UPDATE invoices SET payment_date = payment_date - 90 WHERE id IN (SELECT id FROM invoices WHERE type = 'vat' AND NOT paid ORDER BY id LIMIT 6)`,
    );
    await run(
      `UPDATE invoices SET customer_id = (SELECT max(id) FROM customers) WHERE id = (SELECT max(id) FROM invoices WHERE type = 'vat' AND NOT paid)`,
    );
    await run(
      `DELETE FROM invoices WHERE id = (SELECT min(id) FROM invoices WHERE type = 'vat' AND NOT paid AND due_amount > 0
        AND id NOT IN (SELECT corrected_invoice_id FROM invoices WHERE corrected_invoice_id IS NOT NULL)
        AND id NOT IN (SELECT invoice_id FROM invoice_payments) AND id NOT IN (SELECT invoice_id FROM interest_notes))`,
    );
    await everythingAgrees();
    // More change rows than a reader keeps: folded, still the same.
    for (let i = 0; i < 110; i++) {
      await run(`UPDATE invoices SET total_gross = total_gross + 1 WHERE id = (SELECT min(id) FROM invoices)`);
      await run(`UPDATE orders SET customer_price = coalesce(customer_price, 0) + 1, carrier_price = coalesce(carrier_price, 0) + 1
        WHERE id = (SELECT min(id) FROM orders WHERE deletion_reason = 0 AND status IN ('aktywne', 'zakonczone'))`);
    }
    await everythingAgrees();
    const [rows] = await selectRows<{ months: number; days: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM invoice_month_totals) AS months,
                 (SELECT count(*)::int FROM payment_day_totals) AS days`,
    );
    expect(rows?.months).toBeLessThan(200);
    expect(rows?.days).toBeLessThan(300);
    await run('TRUNCATE invoices CASCADE');
    expect(await debtAgrees()).toBe(0);
    expect(await balancesTruth()).toEqual([]);
    expect(await balancesKept()).toEqual([]);
    await invoicesAgree('type=vat');
    expect((await get('/api/invoices/summary?type=vat')).currencies).toEqual([]);
  }, 240_000);

  it("keeps a bank statement's line and booked counts", async () => {
    await run(`INSERT INTO bank_statements (file_name, format) VALUES ('wyciag.csv', 'csv')`);
    const [statement] = await selectRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM bank_statements WHERE file_name = 'wyciag.csv'`,
    );
    const id = statement?.id as number;
    await run(`INSERT INTO bank_statement_lines (statement_id, line_hash, position, date, amount, currency, title)
      SELECT ${id}, 'hash-' || g, g, '2026-11-20', 100 * g, 'pln', 'Przelew ' || g FROM generate_series(1, 12) g`);
    await run(`UPDATE bank_statement_lines SET booked_at = now() WHERE statement_id = ${id} AND position <= 4`);
    await run(`DELETE FROM bank_statement_lines WHERE statement_id = ${id} AND position IN (1, 12)`);
    const listed = (await get('/api/bank_statements'))['hydra:member'] as {
      fileName: string;
      lineCount: number;
      bookedCount: number;
    }[];
    const found = listed.find((s) => s.fileName === 'wyciag.csv');
    expect(found?.lineCount).toBe(10);
    expect(found?.bookedCount).toBe(3);
  });
});

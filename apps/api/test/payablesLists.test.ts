import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { parseListQuery } from '../src/http/filters.ts';
import { setCountCacheMs } from '../src/http/listing.ts';
import { cashflow, countedCashflowRows } from '../src/modules/payables/cashflow.ts';
import { keptPayablesView } from '../src/modules/payables/kept.ts';
import { payablesFilters, payablesTotals } from '../src/modules/payables/repository.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { warsawDay } from '../src/warsawDay.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Issue 35: the lists of the carriers' invoices at the page's cost answer what they answered before — the status filter
 * written as plain conditions against the status each row shows, 'Do zapłaty''s totals and sums from
 * cashflow_day_totals against counting the rows, 'Przepływy' against summing the open invoices — on invoices in every
 * status (correctives, deleted, held, in a batch, waiting for documents, paid, past due, due), after writes beside the
 * API, many changes (folded) and a TRUNCATE.
 */
describe("the carriers' invoices' lists (issue 35)", () => {
  it("answers 'Do zapłaty''s views without other filters from the kept totals, and counts the others", () => {
    const kept = (query: Record<string, string>) => keptPayablesView(parseListQuery(query, payablesFilters)) !== null;
    expect(kept({})).toBe(true);
    expect(kept({ status: 'do_zaplaty,wstrzymane' })).toBe(true);
    expect(kept({ status: 'po_terminie', currency: 'pln', inBatch: 'false' })).toBe(true);
    expect(kept({ number: '' })).toBe(false);
    expect(kept({ 'dueDate[after]': '2026-01-01' })).toBe(false);
    expect(kept({ 'carrier.uuid': '0cb665d9-5e5d-41f8-8ee4-10feb99586d8' })).toBe(false);
  });
});

describe.each(dbKinds)("carriers' invoices' lists on %s", (kind) => {
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
    t = await createTestApp(kind);
    setCountCacheMs(0);
    token = await t.login();
    await seedDemo(t.database.db, { scale: 3 });
    // Invoices in every status, many on the same issue date (the tiebreaker decides), around today.
    await run(`
      INSERT INTO carrier_invoices (carrier_id, number, issue_date, currency, net_amount, vat_amount, gross_amount,
          due_date, due_amount, paid_amount, held, batch_id, deletion_reason)
        SELECT (SELECT min(id) FROM carriers) + g % 3, 'FP/' || g || '/2026',
          (now() AT TIME ZONE 'Europe/Warsaw')::date - 40 + g % 5,
          CASE WHEN g % 7 = 0 THEN 'eur' ELSE 'pln' END, 1000 + g, 230, 1230 + g,
          CASE WHEN g % 6 = 0 THEN NULL ELSE (now() AT TIME ZONE 'Europe/Warsaw')::date - 30 + (g * 7) % 90 END,
          CASE WHEN g % 4 = 0 THEN 0 ELSE 1230 + g END, CASE WHEN g % 4 = 0 THEN 1230 + g ELSE 0 END,
          g % 5 = 0, CASE WHEN g % 11 = 0 THEN 1 END, CASE WHEN g % 13 = 0 THEN 1 ELSE 0 END
        FROM generate_series(1, 150) g`);
    // Correctives: their status is the invoice's they correct.
    await run(`
      INSERT INTO carrier_invoices (type, corrected_id, carrier_id, number, issue_date, currency, net_amount,
          vat_amount, gross_amount, due_amount)
        SELECT 'corrective', id, carrier_id, 'KOR/' || number, issue_date, currency, -10, 0, -10, 0
        FROM carrier_invoices WHERE type = 'vat' AND deletion_reason = 0 AND id % 4 = 1`);
  }, 180_000);
  afterAll(async () => {
    setCountCacheMs(t.config.listCountCacheMs);
    await t.close();
  });

  type Member = { uuid: string; status: string };
  const all = async (query: string): Promise<Member[]> =>
    (await get(`/api/carrier_invoices?pagination=false${query}`))['hydra:member'];

  const statusesAgree = async () => {
    const every = await all('');
    // The default order as written: newest issue first, the id ascending among the same day's.
    const order = await selectRows<{ uuid: string }>(
      t.database.db,
      sql`SELECT uuid FROM carrier_invoices WHERE deletion_reason = 0 ORDER BY issue_date DESC, id ASC`,
    );
    expect(every.map((m) => m.uuid)).toEqual(order.map((r) => r.uuid));
    const statuses = ['czeka_na_dokumenty', 'do_zaplaty', 'po_terminie', 'w_paczce', 'zaplacona', 'wstrzymana'];
    const seen = new Set(every.map((m) => m.status));
    for (const status of statuses) expect(seen.has(status), status).toBe(true);
    for (const wanted of [...statuses.map((s) => [s]), ['do_zaplaty', 'po_terminie'], ['wstrzymana', 'zaplacona']]) {
      const truth = every.filter((m) => wanted.includes(m.status)).map((m) => m.uuid);
      const status = wanted.join(',');
      expect(
        (await all(`&status=${status}`)).map((m) => m.uuid),
        status,
      ).toEqual(truth);
      const page = await get(`/api/carrier_invoices?status=${status}&itemsPerPage=5&page=2`);
      expect(page['hydra:totalItems'], status).toBe(truth.length);
      expect((page['hydra:member'] as Member[]).map((m) => m.uuid)).toEqual(truth.slice(5, 10));
    }
  };

  /** `number=` (empty) filters nothing but is not a kept view: the list counts and sums its rows. */
  const payablesAgree = async () => {
    for (const view of [
      '',
      'status=do_zaplaty',
      'status=po_terminie',
      'status=wstrzymane',
      'status=do_zaplaty,po_terminie',
      'status=wstrzymane&status=po_terminie',
      'currency=eur',
      'currency=pln&status=po_terminie',
      'inBatch=true',
      'inBatch=false&status=do_zaplaty',
    ]) {
      const kept = await get(`/api/payables?${view}&itemsPerPage=7`);
      const counted = await get(`/api/payables?${view}&itemsPerPage=7&number=`);
      expect(kept.totals, view).toEqual(counted.totals);
      expect(kept['hydra:totalItems'], view).toBe(counted['hydra:totalItems']);
      expect(kept['hydra:member'], view).toEqual(counted['hydra:member']);
    }
  };

  /** A filtered view (its matches summed up to the cap) against summing every match (payablesTotals, as before). */
  const filteredPayablesAgree = async () => {
    const day = warsawDay();
    for (const view of [
      `dueDate[after]=${day}`,
      `dueDate[before]=${day}&status=po_terminie`,
      'number=FP/1',
      'number=3/2026&order[dueAmount]=desc',
      'grossAmount[gte]=1300',
      'issueDate[strictly_before]=2099-01-01&currency=eur',
      'carrier.companyName=a',
    ]) {
      const query = Object.fromEntries(new URLSearchParams(view));
      const truth = await payablesTotals(t.database.db, parseListQuery(query, payablesFilters));
      const answered = await get(`/api/payables?${view}`);
      expect(answered.totals, view).toEqual(truth);
      expect(answered.totalsCapped, view).toBeUndefined();
      expect(answered['hydra:totalItems'], view).toBe(truth.reduce((n, x) => n + x.count, 0));
    }
  };

  const cashflowAgrees = async () => {
    const today = warsawDay();
    for (const weeks of [1, 8, 26]) {
      expect(await cashflow(t.database.db, weeks, today)).toEqual(
        await cashflow(t.database.db, weeks, today, countedCashflowRows),
      );
    }
    const answered = (await get('/api/cashflow'))['hydra:member'];
    expect(answered).toEqual(await cashflow(t.database.db, 8, today, countedCashflowRows));
    return answered as {
      overdueOutflow: number;
      overdueInflow: number;
      waitingForDocuments: number;
      weeks: { inflow: number; outflow: number }[];
    }[];
  };

  const everythingAgrees = async () => {
    await statusesAgree();
    await payablesAgree();
    await filteredPayablesAgree();
    return cashflowAgrees();
  };

  it('the status filter, the kept totals and the cash flow agree with the rows', async () => {
    const flows = await everythingAgrees();
    expect(flows.some((f) => f.overdueOutflow > 0 && f.waitingForDocuments > 0)).toBe(true);
    expect(flows.some((f) => f.overdueInflow > 0 || f.weeks.some((w) => w.inflow > 0))).toBe(true);
    expect(flows.some((f) => f.weeks.some((w) => w.outflow > 0))).toBe(true);
    expect((await get('/api/payables'))['hydra:totalItems']).toBeGreaterThan(0);
  }, 180_000);

  it('agree after writes beside the API, many changes (folded) and a TRUNCATE', async () => {
    await run(
      `UPDATE carrier_invoices SET held = NOT held WHERE id IN (SELECT id FROM carrier_invoices ORDER BY id LIMIT 9)`,
    );
    await run(`UPDATE carrier_invoices SET due_date = due_date - 45, currency = 'eur'
      WHERE id IN (SELECT id FROM carrier_invoices ORDER BY id DESC LIMIT 12)`);
    await run(
      `UPDATE carrier_invoices SET batch_id = 2 WHERE id IN (SELECT id FROM carrier_invoices WHERE due_amount > 0 LIMIT 4)`,
    );
    await run(
      `UPDATE carrier_invoices SET due_date = NULL WHERE id IN (SELECT id FROM carrier_invoices WHERE due_date IS NOT NULL LIMIT 3)`,
    );
    await run(
      `UPDATE carrier_invoices SET deletion_reason = 1 WHERE id = (SELECT max(id) FROM carrier_invoices WHERE type = 'vat')`,
    );
    await run(`UPDATE invoices SET paid = NOT paid WHERE id IN (SELECT id FROM invoices WHERE type = 'vat' LIMIT 5)`);
    await run(
      `UPDATE invoices SET payment_date = payment_date - 20 WHERE id IN (SELECT id FROM invoices ORDER BY id DESC LIMIT 6)`,
    );
    await run(
      `DELETE FROM carrier_invoices WHERE id = (SELECT max(id) FROM carrier_invoices WHERE type = 'corrective')`,
    );
    await everythingAgrees();
    // More change rows than a reader keeps: folded, still the same.
    for (let i = 0; i < 110; i++) {
      await run(`UPDATE carrier_invoices SET due_amount = due_amount + 1, paid_amount = paid_amount + 1
        WHERE id = (SELECT min(id) FROM carrier_invoices WHERE due_amount > 0 AND type = 'vat' AND deletion_reason = 0)`);
      await run(`UPDATE invoices SET due_amount = due_amount + 1
        WHERE id = (SELECT min(id) FROM invoices WHERE NOT paid AND type = 'vat' AND due_amount > 0)`);
    }
    await everythingAgrees();
    const [rows] = await selectRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM cashflow_day_totals`,
    );
    expect(rows?.n).toBeLessThan(400);
    await run('TRUNCATE carrier_invoices CASCADE');
    expect((await get('/api/payables')).totals).toEqual([]);
    await payablesAgree();
    await cashflowAgrees();
  }, 240_000);
});

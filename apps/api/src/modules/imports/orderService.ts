import { randomUUID } from 'node:crypto';
import { type DuplicatePolicy, emptyImportCounts, type ImportCounts, importMessages as msg } from '@spedycja/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows, type Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { writeHistoryLine } from '../../db/history.ts';
import { carriers, customers, dataImportParties, dataImportRows, dataImports, orders } from '../../db/schema/index.ts';
import { nextOrderNumber } from '../orders/numbering.ts';
import { readSetting } from '../settings/repository.ts';
import {
  type Created,
  earlierRecords,
  importLine,
  inSlices,
  saveRowErrors,
  textArray,
  writeCreated,
  writeImportHistory,
} from './insert.ts';
import { nameKeys } from './nameKeys.ts';
import { type NormalisedOrder, normaliseOrder, numberPeriod, ORDER_WRITABLE } from './orders.ts';
import { IMPORT_ACTION, type ImportRow, type Outcome } from './shared.ts';

type PartyRef = { nip: string | null; name: string | null };
type Order = Record<string, unknown> & { id: number; uuid: string };
type Rows = { rowNumber: number; n: NormalisedOrder }[];

/**
 * The customers and carriers a chunk of orders names, found by NIP, or by name when the row has no NIP (the same
 * near-identical name as the parties' import compares); what is not found is created by the run when the import
 * says so (createMissingParties), or refuses its row.
 */
class Parties {
  found = new Map<string, number>();
  constructor(
    private db: DbOrTx,
    private kind: 'customers' | 'carriers',
  ) {}
  keyOf(ref: PartyRef, keys: Map<string, string | null>) {
    if (ref.nip) return `nip:${ref.nip}`;
    const k = ref.name ? keys.get(ref.name) : null;
    return k ? `name:${k}` : null;
  }
  keys = new Map<string, string | null>();
  async load(refs: PartyRef[]) {
    const t = this.kind === 'customers' ? customers : carriers;
    this.keys = await nameKeys(
      this.db,
      refs.filter((r) => !r.nip && r.name).map((r) => r.name as string),
    );
    const nips = new Set(refs.map((r) => r.nip).filter((v): v is string => !!v));
    const names = new Set([...this.keys.values()].filter((v): v is string => !!v));
    if (!nips.size && !names.size) return;
    // The indexes on the NIP and on the name key (a bitmap OR of the two); the found parties' names are keyed by
    // nameKeys (remembered) rather than by the function again in the statement.
    const rows = await selectRows<{ id: number; nip: string | null; label: string | null }>(
      this.db,
      sql`SELECT t.id, t.nip, coalesce(nullif(t.company_name, ''), t.name) AS label FROM ${t} t
          WHERE t.nip = ANY(${textArray(nips)})
             OR f_party_name_key(coalesce(nullif(t.company_name, ''), t.name)) = ANY(${textArray(names)})`,
    );
    const labels = await nameKeys(
      this.db,
      rows.flatMap((r) => (r.label === null ? [] : [r.label])),
    );
    for (const row of rows) {
      const key = row.label === null ? null : (labels.get(row.label) ?? null);
      if (row.nip) this.found.set(`nip:${row.nip}`, row.id);
      if (key && !this.found.has(`name:${key}`)) this.found.set(`name:${key}`, row.id);
    }
  }
  find(ref: PartyRef): number | undefined {
    const key = this.keyOf(ref, this.keys);
    return key ? this.found.get(key) : undefined;
  }
  forget(ref: PartyRef) {
    const key = this.keyOf(ref, this.keys);
    if (key) this.found.delete(key);
  }
  /** A simulated or new party remembered under its NIP and name. */
  remember(ref: PartyRef, id: number) {
    const key = this.keyOf(ref, this.keys);
    if (key) this.found.set(key, id);
  }
  /**
   * The parties the rows name that are not found, created together before the rows are read (one statement, their
   * history lines in another), each under the first row that names it. False when one of them clashes with a unique
   * index (another user created it meanwhile): nothing of them is then kept, and the rows create them one by one.
   */
  async createAll(tx: Tx, wanted: { ref: PartyRef; rowNumber: number }[], imp: ImportRow): Promise<boolean> {
    const t = this.kind === 'customers' ? customers : carriers;
    const toCreate: { ref: PartyRef; rowNumber: number; uuid: string }[] = [];
    const named = new Set<string>();
    for (const w of wanted) {
      if (!w.ref.nip && !w.ref.name) continue;
      if (this.find(w.ref) !== undefined) continue;
      const key = this.keyOf(w.ref, this.keys);
      if (key) {
        if (named.has(key)) continue;
        named.add(key);
      }
      toCreate.push({ ...w, uuid: randomUUID() });
    }
    if (toCreate.length === 0) return true;
    let made: { id: number; uuid: string }[];
    try {
      made = await tx.transaction((sp) =>
        selectRows<{ id: number; uuid: string }>(
          sp,
          sql`INSERT INTO ${t} (uuid, company_name, nip)
              SELECT x.u, x.c, x.n FROM jsonb_to_recordset(${JSON.stringify(
                toCreate.map((p) => ({ u: p.uuid, c: p.ref.name ?? p.ref.nip, n: p.ref.nip })),
              )}::jsonb) AS x(u uuid, c text, n text)
              RETURNING id, uuid`,
        ),
      );
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return false;
    }
    const ids = new Map(made.map((m) => [String(m.uuid), Number(m.id)]));
    for (const p of toCreate) {
      const id = ids.get(p.uuid);
      if (id === undefined) throw new Error('party not created');
      this.created.push({ uuid: p.uuid, rowNumber: p.rowNumber });
      this.remember(p.ref, id);
    }
    await writeImportHistory(
      tx,
      this.kind,
      imp,
      toCreate.map((p) => ({ uuid: p.uuid, rowNumber: p.rowNumber })),
    );
    return true;
  }
  /** The parties this chunk created, with the row that made each (for the verification queue). */
  created: { uuid: string; rowNumber: number }[] = [];
  async create(tx: Tx, ref: PartyRef, imp: ImportRow, rowNumber: number): Promise<number> {
    const t = this.kind === 'customers' ? customers : carriers;
    const [row] = (await tx
      .insert(t)
      .values({ companyName: ref.name ?? ref.nip, nip: ref.nip } as never)
      .returning({ id: t.id, uuid: t.uuid })) as { id: number; uuid: string }[];
    if (!row) throw new Error('party not created');
    await writeHistoryLine(tx, {
      resource: this.kind,
      recordUuid: row.uuid,
      action: IMPORT_ACTION,
      changes: [importLine(imp, rowNumber)],
    });
    this.created.push({ uuid: row.uuid, rowNumber });
    this.remember(ref, row.id);
    return row.id;
  }
}

const refText = (ref: PartyRef) => ref.name ?? ref.nip ?? '';

/** The orders that rows match: the same file's row imported before, then the number. */
async function matchOrders(db: DbOrTx, imp: ImportRow, rows: Rows): Promise<Map<number, Order>> {
  const earlierByRow = await earlierRecords(
    db,
    imp,
    rows.map((r) => r.rowNumber),
  );
  const numbers = rows.map((r) => r.n.values.number as string | undefined).filter((v): v is string => !!v);
  const uuids = [...new Set(earlierByRow.values())];
  const conditions: SQL[] = [];
  if (numbers.length) conditions.push(sql`${orders.number} = ANY(${textArray(numbers)})`);
  if (uuids.length) conditions.push(sql`${orders.uuid} = ANY(${textArray(uuids)}::uuid[])`);
  const result = new Map<number, Order>();
  if (!conditions.length) return result;
  const found = (await db
    .select({
      row: orders,
      loadingLocal: sql<
        string | null
      >`to_char(${orders.loadingDate} AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM-DD HH24:MI')`,
      unloadingLocal: sql<
        string | null
      >`to_char(${orders.unloadingDate} AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM-DD HH24:MI')`,
    })
    .from(orders)
    .where(sql.join(conditions, sql` OR `))) as unknown as {
    row: Order;
    loadingLocal: string | null;
    unloadingLocal: string | null;
  }[];
  const byUuid = new Map<string, Order>();
  const byNumber = new Map<string, Order>();
  for (const f of found) {
    const order = Object.assign({}, f.row, { loadingDate: f.loadingLocal, unloadingDate: f.unloadingLocal });
    byUuid.set(order.uuid, order);
    byNumber.set(String(order.number), order);
  }
  for (const { rowNumber, n } of rows) {
    const before = earlierByRow.get(rowNumber);
    const match =
      (before && byUuid.get(before)) || (n.values.number ? byNumber.get(String(n.values.number)) : undefined);
    if (match) result.set(rowNumber, match);
  }
  return result;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function orderChanges(existing: Order, values: Record<string, unknown>, policy: DuplicatePolicy) {
  const changes: Record<string, unknown> = {};
  if (policy === 'skip') return changes;
  for (const field of ORDER_WRITABLE) {
    if (!(field in values) || field === 'number') continue;
    const next = values[field];
    const old = existing[field];
    if (isEmpty(next) || next === old) continue;
    if (policy === 'fill' && !isEmpty(old)) continue;
    changes[field] = next;
  }
  return changes;
}

/** The order's fields read as Warsaw wall-clock times ('2024-03-12 08:30'). */
const WARSAW_TIMES = ['loadingDate', 'unloadingDate'] as const;

/** Dates as Warsaw wall-clock times, the rest as they are. */
const toDb = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) =>
      (WARSAW_TIMES as readonly string[]).includes(k) && typeof v === 'string'
        ? [k, sql`(${v}::timestamp AT TIME ZONE 'Europe/Warsaw')`]
        : [k, v],
    ),
  );

const CHUNK = 1000;

/**
 * What the stats trigger (stats_orders, migration 0025) adds for each new order, for the orders an INSERT wrote
 * (`ins`, insert.ts) at once: the live ones (not deleted, active or finished) summed by the month of their loading and
 * their owner, each sum added by stats_add in (month, owner) order, as the trigger orders its rows. An order without
 * a loading date adds nothing, as stats_add ignores a row without a month.
 */
const ADD_TO_STATS = sql`SELECT stats_add(g.m, g.u, g.n, g.revenue, g.cost, g.margin, g.margin_revenue, 0, 0)
  FROM (SELECT date_trunc('month', o.loading_date AT TIME ZONE 'UTC')::date AS m, coalesce(o.user_id, 0) AS u,
               count(*)::bigint AS n, sum(coalesce(o.customer_price_pln, 0))::bigint AS revenue,
               sum(coalesce(o.carrier_price_pln, 0))::bigint AS cost, sum(coalesce(o.margin, 0))::bigint AS margin,
               sum(CASE WHEN o.margin IS NULL THEN 0 ELSE coalesce(o.customer_price_pln, 0) END)::bigint AS margin_revenue
        FROM ins o
        WHERE o.deletion_reason = 0 AND o.status IN ('aktywne', 'zakonczone')
        GROUP BY 1, 2) g
  ORDER BY g.m, g.u`;

/** The dry run of an orders' import: parties found (or to be created), orders matched by number, nothing written. */
export async function checkOrders(db: DbOrTx, imp: ImportRow) {
  const counts = emptyImportCounts();
  const errors: { row: number; message: string }[] = [];
  const seen = new Set<string>();
  const simulatedParties = { customers: new Parties(db, 'customers'), carriers: new Parties(db, 'carriers') };
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ rowNumber: dataImportRows.rowNumber, cells: dataImportRows.cells })
      .from(dataImportRows)
      .where(and(eq(dataImportRows.importId, imp.id), sql`${dataImportRows.rowNumber} > ${after}`))
      .orderBy(dataImportRows.rowNumber)
      .limit(CHUNK);
    if (rows.length === 0) break;
    after = rows.at(-1)?.rowNumber ?? after;
    const normalised = rows.map((r) => ({ rowNumber: r.rowNumber, n: normaliseOrder(r.cells, imp.mapping) }));
    await simulatedParties.customers.load(normalised.map((r) => r.n.customer));
    await simulatedParties.carriers.load(normalised.map((r) => r.n.carrier));
    const matches = await matchOrders(db, imp, normalised);
    const rowErrors: { rowNumber: number; error: string | null }[] = [];
    for (const { rowNumber, n } of normalised) {
      const problems = [...n.errors];
      for (const [who, side, ref] of [
        ['klienta', 'customers', n.customer],
        ['przewoźnika', 'carriers', n.carrier],
      ] as const) {
        if (!ref.nip && !ref.name) continue;
        if (simulatedParties[side].find(ref) === undefined) {
          if (imp.createMissingParties) simulatedParties[side].remember(ref, -1);
          else problems.push(msg.partyMissing(who, refText(ref)));
        }
      }
      if (problems.length) {
        counts.error++;
        const message = problems.join('; ');
        rowErrors.push({ rowNumber, error: message });
        if (errors.length < 50) errors.push({ row: rowNumber, message });
        continue;
      }
      rowErrors.push({ rowNumber, error: null });
      const number = n.values.number ? String(n.values.number) : null;
      const existing = matches.get(rowNumber);
      if (!existing && !(number && seen.has(number))) {
        counts.new++;
        if (number) seen.add(number);
        continue;
      }
      const changes = existing ? orderChanges(existing, n.values, imp.duplicates as DuplicatePolicy) : {};
      if (Object.keys(changes).length) counts.updated++;
      else counts.duplicate++;
    }
    await saveRowErrors(db, imp.id, rowErrors);
  }
  await db.update(dataImports).set({ checkCounts: counts, state: 'checked' }).where(eq(dataImports.id, imp.id));
  return { counts, errors };
}

/**
 * A chunk of an orders' import, in the chunk's transaction (service.ts, runChunk): each order created with its number
 * kept (the month's counter moved past it, so new orders continue after the highest imported number), or the order
 * with that number changed by the policy. Nothing is mailed, sent to Telegram or to KSeF: rows are inserted as they
 * are, and the database's own triggers keep the stats and the payments' day totals.
 */
export async function runOrderRows(
  tx: Tx,
  imp: ImportRow,
  rows: { rowNumber: number; cells: string[] }[],
  ownerId: number | null,
): Promise<Outcome[]> {
  const normalised = await inSlices(rows, (slice) =>
    slice.map((r) => ({ rowNumber: r.rowNumber, n: normaliseOrder(r.cells, imp.mapping) })),
  );
  const parties = { customers: new Parties(tx, 'customers'), carriers: new Parties(tx, 'carriers') };
  await parties.customers.load(normalised.map((r) => r.n.customer));
  await parties.carriers.load(normalised.map((r) => r.n.carrier));
  const matches = await matchOrders(tx, imp, normalised);
  // The parties to create, together (a savepoint, an insert and a history line each had been most of a chunk's
  // statements when its rows named many new parties); after a clash they are created as the rows come, below.
  if (imp.createMissingParties) {
    const valid = normalised.filter((r) => r.n.errors.length === 0);
    const customersMade = await parties.customers.createAll(
      tx,
      valid.map((r) => ({ ref: r.n.customer, rowNumber: r.rowNumber })),
      imp,
    );
    // After a clash of a customer the rows go one by one on both sides, as a refused row creates no carrier.
    if (customersMade) {
      await parties.carriers.createAll(
        tx,
        valid.map((r) => ({ ref: r.n.carrier, rowNumber: r.rowNumber })),
        imp,
      );
    }
  }
  // EUR prices in złoty at the rate a new order of the app takes (the euroExchangeRate setting), for the stats.
  const euroExchangeRate = Number((await readSetting(tx, 'euroExchangeRate')) ?? 0) || null;
  const outcomes: Outcome[] = [];
  // The chunk's new orders, written together; a later row with the same number matches one before it is written.
  const pending = new Map<string, Created<Order>>();
  const byNumber = new Map<string, Order>();
  const history: { uuid: string; rowNumber: number }[] = [];
  for (const { rowNumber, n } of normalised) {
    const problems = [...n.errors];
    const ids: Record<string, number | null> = { customerId: null, carrierId: null };
    // The parties first: found (or created above), or created now (each in its own savepoint), or the row refused.
    for (const [who, side, ref, key] of [
      ['klienta', 'customers', n.customer, 'customerId'],
      ['przewoźnika', 'carriers', n.carrier, 'carrierId'],
    ] as const) {
      if (problems.length || (!ref.nip && !ref.name)) continue;
      const found = parties[side].find(ref);
      if (found !== undefined) ids[key] = found;
      else if (imp.createMissingParties) {
        try {
          ids[key] = await tx.transaction((sp) => parties[side].create(sp, ref, imp, rowNumber));
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          problems.push(msg.takenByOther);
        }
      } else problems.push(msg.partyMissing(who, refText(ref)));
    }
    if (problems.length) {
      outcomes.push({ rowNumber, outcome: 'error', error: problems.join('; '), recordUuid: null });
      continue;
    }
    const given = n.values.number ? String(n.values.number) : null;
    const existing = matches.get(rowNumber) ?? (given ? byNumber.get(given) : undefined);
    if (!existing) {
      const at =
        typeof n.values.loadingDate === 'string'
          ? new Date(`${n.values.loadingDate.slice(0, 10)}T12:00:00Z`)
          : new Date();
      const number = given ?? (await nextOrderNumber(tx, at));
      const order = Object.assign({ id: 0, uuid: randomUUID() }, n.values, {
        number,
        customerId: ids.customerId,
        carrierId: ids.carrierId,
      }) as Order;
      pending.set(order.uuid, { record: order, lines: [rowNumber] });
      byNumber.set(number, order);
      outcomes.push({ rowNumber, outcome: 'new', error: null, recordUuid: order.uuid });
      continue;
    }
    const changes = orderChanges(existing, n.values, imp.duplicates as DuplicatePolicy);
    for (const [key, id] of Object.entries(ids)) {
      const replace = imp.duplicates === 'overwrite' || (imp.duplicates === 'fill' && existing[key] === null);
      if (id !== null && id !== existing[key] && replace) changes[key] = id;
    }
    if (Object.keys(changes).length === 0) {
      outcomes.push({ rowNumber, outcome: 'duplicate', error: null, recordUuid: existing.uuid });
      continue;
    }
    const waiting = pending.get(existing.uuid);
    if (waiting) {
      Object.assign(waiting.record, changes);
      waiting.lines.push(rowNumber);
      outcomes.push({ rowNumber, outcome: 'updated', error: null, recordUuid: existing.uuid });
      continue;
    }
    try {
      await tx.transaction(async (sp) => {
        await sp
          .update(orders)
          .set(toDb(changes) as never)
          .where(eq(orders.id, existing.id));
      });
      Object.assign(existing, changes);
      history.push({ uuid: existing.uuid, rowNumber });
      outcomes.push({ rowNumber, outcome: 'updated', error: null, recordUuid: existing.uuid });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      outcomes.push({ rowNumber, outcome: 'error', error: msg.takenByOther, recordUuid: null });
    }
  }
  const fields = (order: Order) =>
    Object.fromEntries(
      [
        ['uuid', order.uuid],
        ['number', order.number],
        ['customerId', order.customerId],
        ['carrierId', order.carrierId],
        ['userId', ownerId],
        ['createdById', ownerId],
        ['changedById', ownerId],
        ['euroExchangeRate', euroExchangeRate],
        ...ORDER_WRITABLE.filter((f) => f !== 'number').map((f) => [f, order[f]]),
      ].filter(([, v]) => v !== undefined),
    );
  // The new orders' share of the monthly stats, summed by (month, owner) in each INSERT rather than by the row
  // trigger once an order (migration 0074): the flag is on just for their INSERTs (an import sets no query on an
  // order, the trigger's other part).
  await tx.execute(sql`SELECT set_config('app.stats_by_statement', 'on', true)`);
  const written = await writeCreated(tx, orders, pending.values(), fields, outcomes, history, {
    warsawTimes: WARSAW_TIMES,
    after: ADD_TO_STATS,
  });
  await tx.execute(sql`SELECT set_config('app.stats_by_statement', 'off', true)`);
  // New orders of each month are numbered after the highest imported one.
  const periods = new Map<string, number>();
  for (const order of written) {
    const period = numberPeriod(String(order.number));
    if (period) periods.set(period.period, Math.max(periods.get(period.period) ?? 0, period.n));
  }
  if (periods.size) {
    await tx.execute(
      sql`INSERT INTO order_number_counters (period, last) VALUES ${sql.join(
        [...periods].map(([period, n]) => sql`(${period}, ${n})`),
        sql`, `,
      )} ON CONFLICT (period) DO UPDATE SET last = GREATEST(order_number_counters.last, EXCLUDED.last)`,
    );
  }
  await writeImportHistory(tx, 'orders', imp, history);
  // The parties created from the rows, for 'Zweryfikuj zaimportowanych' (in the chunk's transaction, as they are).
  const made = (['customers', 'carriers'] as const).flatMap((side) =>
    parties[side].created.map((p) => ({ importId: imp.id, kind: side, recordUuid: p.uuid, rowNumber: p.rowNumber })),
  );
  if (made.length) await tx.insert(dataImportParties).values(made).onConflictDoNothing();
  return outcomes;
}

export type { ImportCounts };

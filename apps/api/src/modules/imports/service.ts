import { randomUUID } from 'node:crypto';
import {
  type DuplicatePolicy,
  emptyImportCounts,
  type ImportCounts,
  type ImportPreviewRow,
  importMessages as msg,
} from '@spedycja/domain';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { carriers, customers, dataImportRows, dataImports, users } from '../../db/schema/index.ts';
import {
  type Created,
  earlierRecords,
  inSlices,
  saveRowErrors,
  textArray,
  writeCreated,
  writeImportHistory,
  writeSlice,
} from './insert.ts';
import { nameKeys } from './nameKeys.ts';
import { type ImportKindParty, type NormalisedRow, normaliseParty, PARTY_WRITABLE } from './normalise.ts';
import { checkOrders, runOrderRows } from './orderService.ts';
import { normaliseOrder } from './orders.ts';
import { IMPORT_ACTION, type ImportRow, type Outcome } from './shared.ts';

export type { ImportRow };

type Party = Record<string, unknown> & { id: number; uuid: string };

export const tableOf = (kind: ImportKindParty) => (kind === 'customers' ? customers : carriers);

export function previewRows(
  imp: Pick<ImportRow, 'kind' | 'mapping'>,
  rows: { rowNumber: number; cells: string[] }[],
): ImportPreviewRow[] {
  return rows.map((row) => {
    const n =
      imp.kind === 'orders'
        ? normaliseOrder(row.cells, imp.mapping)
        : normaliseParty(imp.kind as ImportKindParty, row.cells, imp.mapping);
    return { row: row.rowNumber, cells: n.cells, errors: n.errors };
  });
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) =>
  Array.isArray(a) || Array.isArray(b)
    ? JSON.stringify([...((a as unknown[]) ?? [])].sort()) === JSON.stringify([...((b as unknown[]) ?? [])].sort())
    : (a ?? null) === (b ?? null);

/**
 * What a row does to the record it matches: nothing (skip, or nothing new), the empty fields filled, or every field
 * the file gives overwritten (an empty cell never clears a field). Bank accounts are added to the record's own.
 */
export function planChanges(existing: Party, values: Record<string, unknown>, policy: DuplicatePolicy) {
  const changes: Record<string, unknown> = {};
  if (policy === 'skip') return changes;
  for (const field of PARTY_WRITABLE) {
    if (!(field in values) || field === 'phonePrefix') continue;
    const next = values[field];
    const old = existing[field];
    if (isEmpty(next) || same(next, old)) continue;
    if (field === 'bankAccounts') {
      const merged = [...new Set([...((old as string[]) ?? []), ...(next as string[])])];
      if (merged.length !== ((old as string[]) ?? []).length && (policy === 'overwrite' || isEmpty(old))) {
        changes.bankAccounts = merged;
      }
      continue;
    }
    if (policy === 'fill' && !isEmpty(old)) continue;
    changes[field] = next;
    if (field === 'phone') changes.phonePrefix = values.phonePrefix ?? '48';
  }
  return changes;
}

/**
 * Finds the records rows match, by the app's rules in their order: the same file's same row imported before (the
 * file's hash and the row's number), the NIP, the phone, then a near-identical name (f_party_name_key, migration
 * 0054). Holds what it found and what the rows made, so that a row matches an earlier row of the same file too.
 */
class Resolver {
  byUuid = new Map<string, Party>();
  byNip = new Map<string, Party>();
  byPhone = new Map<string, Party>();
  byName = new Map<string, Party>();
  constructor(
    private db: DbOrTx,
    private imp: ImportRow,
  ) {}

  remember(party: Party, nameKey: string | null) {
    this.byUuid.set(party.uuid, party);
    if (party.nip) this.byNip.set(String(party.nip), party);
    if (party.phone) this.byPhone.set(`${party.phonePrefix ?? '48'} ${party.phone}`, party);
    if (nameKey) this.byName.set(nameKey, party);
  }

  /** The name keys of these rows (computed by the database, as its index is) and their candidates, read once. */
  async load(rows: { rowNumber: number; n: NormalisedRow }[]): Promise<Map<number, string | null>> {
    const t = tableOf(this.imp.kind as ImportKindParty);
    const names = rows.map((r) => String(r.n.values.companyName ?? r.n.values.name ?? ''));
    const keys = new Map<number, string | null>();
    if (rows.length === 0) return keys;
    const keyOf = await nameKeys(this.db, names);
    rows.forEach((r, i) => {
      keys.set(r.rowNumber, keyOf.get(names[i] as string) ?? null);
    });
    const nips = [...new Set(rows.map((r) => r.n.values.nip as string | undefined).filter((v): v is string => !!v))];
    const phones = rows
      .filter((r) => r.n.values.phone)
      .map((r) => ({ p: String(r.n.values.phonePrefix ?? '48'), n: String(r.n.values.phone) }));
    const nameKeyList = [...new Set([...keys.values()].filter((k): k is string => !!k))];
    // The same file's rows imported before: their records.
    this.earlier = await earlierRecords(
      this.db,
      this.imp,
      rows.map((r) => r.rowNumber),
    );
    // Each way of matching a statement of its own, by its index, and the records found by any: the ways joined by
    // OR in one WHERE made the planner read the whole table and compute every record's name key (a regular
    // expression of some 50 µs each: 0.5 s a chunk over 10,000 customers). The pairs go as one JSON parameter: a
    // row-valued IN list is parsed as one OR nested per pair, and a few hundred levels of it overflow PGlite's
    // WebAssembly stack, which corrupts its memory instead of failing (the commit after it aborted the process:
    // 'Sprawdź' of 800 rows).
    const ways: SQL[] = [];
    if (nips.length) ways.push(sql`SELECT id FROM ${t} WHERE nip = ANY(${textArray(nips)})`);
    if (phones.length) {
      ways.push(
        sql`SELECT c.id FROM jsonb_to_recordset(${JSON.stringify(phones)}::jsonb) AS x(p text, n text)
            JOIN ${t} c ON c.phone_prefix = x.p AND c.phone = x.n`,
      );
    }
    if (nameKeyList.length) {
      ways.push(
        sql`SELECT id FROM ${t} WHERE f_party_name_key(coalesce(nullif(company_name, ''), name)) = ANY(${textArray(nameKeyList)})`,
      );
    }
    const uuids = [...new Set(this.earlier.values())].filter((u) => !this.byUuid.has(u));
    if (uuids.length) ways.push(sql`SELECT id FROM ${t} WHERE uuid = ANY(${textArray(uuids)}::uuid[])`);
    if (ways.length) {
      const found = (await this.db
        .select({ row: t, label: sql<string | null>`coalesce(nullif(${t.companyName}, ''), ${t.name})` })
        .from(t)
        .where(sql`${t.id} IN (${sql.join(ways, sql` UNION ALL `)})`)) as unknown as {
        row: Party;
        label: string | null;
      }[];
      // The found records' name keys as the rows' are (remembered), not by the function again.
      const labels = await nameKeys(
        this.db,
        found.flatMap((f) => (f.label === null ? [] : [f.label])),
      );
      for (const { row, label } of found) {
        if (!this.byUuid.has(row.uuid)) this.remember(row, label === null ? null : (labels.get(label) ?? null));
      }
    }
    return keys;
  }

  earlier = new Map<number, string>();

  match(rowNumber: number, values: Record<string, unknown>, nameKey: string | null): Party | undefined {
    const before = this.earlier.get(rowNumber);
    if (before && this.byUuid.has(before)) return this.byUuid.get(before);
    if (values.nip && this.byNip.has(String(values.nip))) return this.byNip.get(String(values.nip));
    const phone = values.phone ? `${values.phonePrefix ?? '48'} ${values.phone}` : null;
    if (phone && this.byPhone.has(phone)) return this.byPhone.get(phone);
    if (nameKey && this.byName.has(nameKey)) return this.byName.get(nameKey);
    return undefined;
  }
}

const CHUNK = 1000;

/** The rows of an import from a row number on, in the file's order. */
const rowsFrom = (db: DbOrTx, importId: number, after: number, limit: number, pendingOnly = false) =>
  db
    .select({ rowNumber: dataImportRows.rowNumber, cells: dataImportRows.cells })
    .from(dataImportRows)
    .where(
      and(
        eq(dataImportRows.importId, importId),
        sql`${dataImportRows.rowNumber} > ${after}`,
        pendingOnly ? isNull(dataImportRows.outcome) : undefined,
      ),
    )
    .orderBy(asc(dataImportRows.rowNumber))
    .limit(limit);

/**
 * The dry run ('Sprawdź'): every row normalised and matched as the run would, with no record written; the counts
 * and the rows' reasons are kept on the import (its rejected rows can be downloaded before the run).
 */
export async function checkImport(db: DbOrTx, imp: ImportRow) {
  if (imp.kind === 'orders') return checkOrders(db, imp);
  const resolver = new Resolver(db, imp);
  const counts = emptyImportCounts();
  const errors: { row: number; message: string }[] = [];
  const policy = imp.duplicates as DuplicatePolicy;
  let after = 0;
  let simulated = 0;
  for (;;) {
    const rows = await rowsFrom(db, imp.id, after, CHUNK);
    if (rows.length === 0) break;
    after = rows.at(-1)?.rowNumber ?? after;
    const normalised = rows.map((r) => ({
      rowNumber: r.rowNumber,
      n: normaliseParty(imp.kind as ImportKindParty, r.cells, imp.mapping),
    }));
    const valid = normalised.filter((r) => r.n.errors.length === 0);
    const keys = await resolver.load(valid);
    const rowErrors: { rowNumber: number; error: string | null }[] = [];
    for (const { rowNumber, n } of normalised) {
      if (n.errors.length) {
        counts.error++;
        const message = n.errors.join('; ');
        rowErrors.push({ rowNumber, error: message });
        if (errors.length < 50) errors.push({ row: rowNumber, message });
        continue;
      }
      rowErrors.push({ rowNumber, error: null });
      const key = keys.get(rowNumber) ?? null;
      const existing = resolver.match(rowNumber, n.values, key);
      if (!existing) {
        counts.new++;
        resolver.remember(Object.assign({ id: 0, uuid: `row:${++simulated}` }, n.values), key);
        continue;
      }
      const changes = planChanges(existing, n.values, policy);
      if (Object.keys(changes).length === 0) counts.duplicate++;
      else {
        counts.updated++;
        Object.assign(existing, changes);
      }
      // The row's NIP, phone and name are that record's from here on (a later row of the file matches it too).
      resolver.remember(existing, key);
    }
    await saveRowErrors(db, imp.id, rowErrors);
  }
  await db.update(dataImports).set({ checkCounts: counts, state: 'checked' }).where(eq(dataImports.id, imp.id));
  return { counts, errors };
}

/**
 * The next chunk of a running import, in one transaction: each row's record created or changed (with its history
 * line 'Import: {file}, wiersz {n}') and the row's outcome, so that a restart between chunks takes up the next one
 * and a chunk cut short leaves nothing. Answers the number of the chunk's last row, from which the next chunk reads
 * on (`after`: the rows before it are done, and the pending rows' index is not walked again over their dead
 * entries), or false when the import had no rows left (it is then done).
 */
export async function runChunk(
  db: DbOrTx,
  importId: number,
  chunk = CHUNK,
  leaseMs = 60_000,
  after = 0,
): Promise<number | false> {
  return db.transaction(async (tx) => {
    const [imp] = await tx.select().from(dataImports).where(eq(dataImports.id, importId)).for('update');
    if (imp?.state !== 'running') return false;
    const [owner] = imp.createdById
      ? await tx.select({ uuid: users.uuid, name: users.name }).from(users).where(eq(users.id, imp.createdById))
      : [];
    // Whose change it is, for the history the database writes; the action reads 'Import'.
    await tx.execute(
      sql`SELECT set_config('app.user_uuid', ${owner?.uuid ?? ''}, true),
                 set_config('app.user_name', ${owner?.name ?? imp.createdByName ?? ''}, true),
                 set_config('app.action', ${IMPORT_ACTION}, true)`,
    );
    const rows = await rowsFrom(tx, imp.id, after, chunk, true);
    const last = rows.at(-1)?.rowNumber ?? after;
    const counts: ImportCounts = Object.assign(emptyImportCounts(), imp.counts ?? {});
    if (rows.length === 0) {
      await tx
        .update(dataImports)
        .set({ state: 'done', finishedAt: new Date(), lockedUntil: null, counts })
        .where(eq(dataImports.id, imp.id));
      return false;
    }
    if (imp.kind === 'orders') {
      const done = await runOrderRows(tx, imp, rows, imp.createdById);
      await saveOutcomes(tx, imp, done, counts, leaseMs);
      return last;
    }
    const kind = imp.kind as ImportKindParty;
    const t = tableOf(kind);
    const resolver = new Resolver(tx, imp);
    const normalised = await inSlices(rows, (slice) =>
      slice.map((r) => ({ rowNumber: r.rowNumber, n: normaliseParty(kind, r.cells, imp.mapping) })),
    );
    const keys = await resolver.load(normalised.filter((r) => r.n.errors.length === 0));
    const outcomes: Outcome[] = [];
    // The chunk's new records, written together (their uuids given here, so that a later row of the chunk matches
    // one and adds to it before it is written); a clash of one of them is then looked for row by row.
    const created = new Map<string, Created<Party>>();
    const history: { uuid: string; rowNumber: number }[] = [];
    for (const { rowNumber, n } of normalised) {
      if (n.errors.length) {
        outcomes.push({ rowNumber, outcome: 'error', error: n.errors.join('; '), recordUuid: null });
        continue;
      }
      const key = keys.get(rowNumber) ?? null;
      const existing = resolver.match(rowNumber, n.values, key);
      if (!existing) {
        const party = Object.assign({ id: 0, uuid: randomUUID() }, n.values) as Party;
        created.set(party.uuid, { record: party, lines: [rowNumber] });
        resolver.remember(party, key);
        outcomes.push({ rowNumber, outcome: 'new', error: null, recordUuid: party.uuid });
        continue;
      }
      const changes = planChanges(existing, n.values, imp.duplicates as DuplicatePolicy);
      resolver.remember(existing, key);
      if (Object.keys(changes).length === 0) {
        outcomes.push({ rowNumber, outcome: 'duplicate', error: null, recordUuid: existing.uuid });
        continue;
      }
      const pending = created.get(existing.uuid);
      if (pending) {
        // A record this chunk creates: the row's changes go into its insert.
        Object.assign(pending.record, changes);
        pending.lines.push(rowNumber);
        outcomes.push({ rowNumber, outcome: 'updated', error: null, recordUuid: existing.uuid });
        continue;
      }
      try {
        const [updated] = (await tx.transaction(
          async (sp) =>
            sp
              .update(t)
              .set(changes as never)
              .where(eq(t.id, existing.id))
              .returning() as unknown as Promise<Party[]>,
        )) as Party[];
        if (!updated) throw new Error('update returned nothing');
        Object.assign(existing, updated);
        history.push({ uuid: updated.uuid, rowNumber });
        outcomes.push({ rowNumber, outcome: 'updated', error: null, recordUuid: updated.uuid });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        outcomes.push({ rowNumber, outcome: 'error', error: msg.takenByOther, recordUuid: null });
      }
    }
    const fields = (party: Party) =>
      Object.fromEntries(
        [['uuid', party.uuid] as const, ...PARTY_WRITABLE.map((f) => [f, party[f]] as const)].filter(
          ([, v]) => v !== undefined,
        ),
      );
    await writeCreated(tx, t, created.values(), fields, outcomes, history);
    await writeImportHistory(tx, kind, imp, history);
    await saveOutcomes(tx, imp, outcomes, counts, leaseMs);
    return last;
  });
}

/** The chunk's rows' outcomes and the import's progress, in the chunk's transaction. */
async function saveOutcomes(tx: DbOrTx, imp: ImportRow, outcomes: Outcome[], counts: ImportCounts, leaseMs: number) {
  for (const o of outcomes) counts[o.outcome]++;
  await inSlices(
    outcomes,
    async (slice) => {
      await tx.execute(sql`UPDATE data_import_rows r SET outcome = v.o, error = v.e, record_uuid = v.u
      FROM jsonb_to_recordset(${JSON.stringify(
        slice.map((o) => ({ n: o.rowNumber, o: o.outcome, e: o.error, u: o.recordUuid })),
      )}::jsonb) AS v(n int, o text, e text, u uuid)
      WHERE r.import_id = ${imp.id} AND r.row_number = v.n`);
      return [];
    },
    writeSlice(tx),
  );
  await tx
    .update(dataImports)
    .set({
      processed: sql`${dataImports.processed} + ${outcomes.length}`,
      counts,
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(eq(dataImports.id, imp.id));
}

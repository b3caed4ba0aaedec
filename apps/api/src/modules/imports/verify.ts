import type { VerificationSource } from '@spedycja/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, selectRows } from '../../db/client.ts';
import { dataImportParties, dataImports, verifications } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { warsawDay } from '../../warsawDay.ts';
import type { Registers } from '../verification/registers.ts';
import { euVatNumber, partyTables, polishNip, runCheck, storeCheck } from '../verification/service.ts';
import type { ImportRow } from './shared.ts';

export const VERIFY_OUTCOMES = ['pending', 'ok', 'failed', 'unavailable', 'skipped'] as const;
export type VerifyCounts = Record<(typeof VERIFY_OUTCOMES)[number], number>;

/** How long a register that did not answer is left before the next try. */
const RETRY_MS = 5 * 60_000;

/**
 * 'Zweryfikuj zaimportowanych': the parties an import created or changed, each once, queued for the registers'
 * checks (GUS and the white list for a Polish NIP, VIES for an EU VAT number) through the verification that exists.
 * A customers' or carriers' import names them by its rows' records; an orders' import put the parties it created in
 * data_import_parties as it ran. A party already queued (or checked) by an earlier request is not queued again.
 */
export async function queueVerification(db: DbOrTx, imp: ImportRow): Promise<number> {
  if (imp.kind !== 'orders') {
    await db.execute(
      sql`INSERT INTO data_import_parties (import_id, kind, record_uuid, row_number)
          SELECT DISTINCT ON (record_uuid) import_id, ${imp.kind}, record_uuid, row_number FROM data_import_rows
          WHERE import_id = ${imp.id} AND outcome IN ('new', 'updated') AND record_uuid IS NOT NULL
          ORDER BY record_uuid, row_number
          ON CONFLICT DO NOTHING`,
    );
  }
  const rows = await db
    .update(dataImportParties)
    .set({ verifyOutcome: 'pending', verifyMessage: null })
    .where(and(eq(dataImportParties.importId, imp.id), isNull(dataImportParties.verifyOutcome)))
    .returning({ uuid: dataImportParties.recordUuid });
  await db
    .update(dataImports)
    .set({ verifyState: 'queued', verifyNextAt: new Date(), verifyNote: null })
    .where(eq(dataImports.id, imp.id));
  return rows.length;
}

/** How many parties an orders' import created from its rows (what 'Zweryfikuj zaimportowanych' would queue). */
export async function createdParties(db: DbOrTx, imp: Pick<ImportRow, 'id' | 'kind'>): Promise<number | null> {
  if (imp.kind !== 'orders') return null;
  const [row] = await selectRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM data_import_parties WHERE import_id = ${imp.id}`,
  );
  return row?.n ?? 0;
}

export async function verifyCounts(db: DbOrTx, importId: number): Promise<VerifyCounts | null> {
  const rows = await selectRows<{ o: string; n: number }>(
    db,
    sql`SELECT verify_outcome AS o, count(*)::int AS n FROM data_import_parties
        WHERE import_id = ${importId} AND verify_outcome IS NOT NULL GROUP BY verify_outcome`,
  );
  if (rows.length === 0) return null;
  const counts: VerifyCounts = { pending: 0, ok: 0, failed: 0, unavailable: 0, skipped: 0 };
  for (const r of rows) if (r.o in counts) counts[r.o as keyof VerifyCounts] = r.n;
  return counts;
}

/** Midnight of the next Warsaw day, when the white list's daily limit starts again. */
const nextWarsawDay = () =>
  sql`(date_trunc('day', now() AT TIME ZONE 'Europe/Warsaw') + interval '1 day 5 minutes') AT TIME ZONE 'Europe/Warsaw'`;

/**
 * One party of the queue checked (its row's outcome written once every register answered), paced by the caller.
 * 'waiting' when a register asks to wait: the white list's daily limit (until tomorrow), or a register that did not
 * answer (a few minutes); the row stays pending, so a restart goes on with it.
 */
export async function verifyNext(
  db: DbOrTx,
  registers: Registers,
  imp: ImportRow,
): Promise<'more' | 'waiting' | 'done'> {
  const [row] = await db
    .select({ kind: dataImportParties.kind, recordUuid: dataImportParties.recordUuid })
    .from(dataImportParties)
    .where(and(eq(dataImportParties.importId, imp.id), eq(dataImportParties.verifyOutcome, 'pending')))
    .orderBy(asc(dataImportParties.rowNumber), asc(dataImportParties.kind))
    .limit(1);
  if (!row) {
    await db
      .update(dataImports)
      .set({ verifyState: 'done', verifyNextAt: null, verifyNote: null })
      .where(eq(dataImports.id, imp.id));
    return 'done';
  }
  const kind = row.kind as 'customers' | 'carriers';
  const table = partyTables[kind];
  const [party] = await db.select().from(table).where(eq(table.uuid, row.recordUuid));
  const finish = (outcome: string, message: string | null) =>
    db
      .update(dataImportParties)
      .set({ verifyOutcome: outcome, verifyMessage: message })
      .where(
        and(
          eq(dataImportParties.importId, imp.id),
          eq(dataImportParties.kind, row.kind),
          eq(dataImportParties.recordUuid, row.recordUuid),
        ),
      );
  if (!party) {
    await finish('skipped', 'Rekord usunięty');
    return 'more';
  }
  const sources: VerificationSource[] = polishNip(party) ? ['gus', 'whitelist'] : euVatNumber(party) ? ['vies'] : [];
  if (sources.length === 0) {
    await finish('skipped', 'Brak NIP do sprawdzenia');
    return 'more';
  }
  const outcomes: string[] = [];
  const notes: string[] = [];
  const owner = kind === 'customers' ? verifications.customerId : verifications.carrierId;
  for (const source of sources) {
    // A check this party already had today (its first try stopped at a later register) is not asked again.
    const [today] = await db
      .select({ outcome: verifications.outcome })
      .from(verifications)
      .where(and(eq(owner, party.id), eq(verifications.source, source), eq(verifications.checkedOn, warsawDay())))
      .orderBy(desc(verifications.checkedAt))
      .limit(1);
    if (today) {
      outcomes.push(today.outcome);
      continue;
    }
    try {
      const result = await runCheck(db, registers, kind, party, source);
      if (!result.reused) await storeCheck(db, kind, party.id, result, imp.createdById);
      outcomes.push(result.outcome);
      if (result.warning) notes.push(result.warning);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.status === 429) {
        // The white list's limit for today (per IP): the queue waits for tomorrow.
        await db
          .update(dataImports)
          .set({ verifyNextAt: nextWarsawDay() as unknown as Date, verifyNote: error.detail })
          .where(eq(dataImports.id, imp.id));
        return 'waiting';
      }
      if (error.status >= 500) {
        await db
          .update(dataImports)
          .set({ verifyNextAt: new Date(Date.now() + RETRY_MS), verifyNote: error.detail })
          .where(eq(dataImports.id, imp.id));
        return 'waiting';
      }
      // Not configured (409), or not applicable (422): this register says nothing of the party.
      outcomes.push('unavailable');
      notes.push(error.detail);
    }
  }
  const outcome = outcomes.includes('failed') ? 'failed' : outcomes.includes('unavailable') ? 'unavailable' : 'ok';
  await finish(outcome, notes.join('; ') || null);
  return 'more';
}

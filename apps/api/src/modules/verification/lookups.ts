import type { RegistryCompany } from '@spedycja/domain';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { registryLookups } from '../../db/schema/index.ts';
import type { GusCompany } from '../../integrations/gus/types.ts';
import { gusResult, type PartyKind, partyTables, polishNip, storeCheck } from './service.ts';

/** A look-up older than this is no check of the record saved now: the form was left open too long. */
const LOOKUP_VALID = sql`interval '1 day'`;

/**
 * 'Pobierz z GUS' on a form: GUS's answer kept on the server for the save that follows (see registryLookups), and
 * answered with its uuid; `nip` is what GUS was asked (canonical). The older look-ups nobody saved go at the same time.
 */
export async function keepLookup(
  db: DbOrTx,
  nip: string,
  company: GusCompany,
  userId: number,
): Promise<RegistryCompany> {
  await db.delete(registryLookups).where(lt(registryLookups.checkedAt, sql`now() - ${LOOKUP_VALID}`));
  const [row] = await db
    .insert(registryLookups)
    .values({ nip, answer: company, checkedById: userId })
    .returning({ uuid: registryLookups.uuid, checkedAt: registryLookups.checkedAt });
  if (!row) throw new Error('registry lookup not stored');
  return { ...company, source: 'GUS', checkedAt: row.checkedAt.toISOString(), lookup: row.uuid };
}

/**
 * A customer or carrier saved with a look-up's uuid: that GUS answer becomes its GUS check, at the look-up's time, in
 * the save's transaction — only when the look-up is this user's, recent, and about the NIP the record now has (a NIP
 * changed after the look-up is not what GUS was asked about). Used once. Answers whether a check was recorded.
 */
export async function recordLookup(
  db: DbOrTx,
  kind: PartyKind,
  partyId: number,
  lookupUuid: string,
  userId: number,
): Promise<boolean> {
  const [lookup] = await db
    .delete(registryLookups)
    .where(
      and(
        eq(registryLookups.uuid, lookupUuid),
        eq(registryLookups.checkedById, userId),
        gte(registryLookups.checkedAt, sql`now() - ${LOOKUP_VALID}`),
      ),
    )
    .returning();
  if (!lookup) return false;
  const table = partyTables[kind];
  const [party] = await db.select({ nip: table.nip, country: table.country }).from(table).where(eq(table.id, partyId));
  const nip = party ? polishNip(party) : null;
  if (!nip || nip !== lookup.nip) return false;
  await storeCheck(db, kind, partyId, gusResult(nip, lookup.answer as GusCompany, lookup.checkedAt), userId, {
    checkedAt: lookup.checkedAt,
  });
  return true;
}

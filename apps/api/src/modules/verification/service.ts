import {
  canonicalTaxId,
  isValidPolishNip,
  type VerificationOutcome,
  type VerificationRecord,
  type VerificationSource,
  verificationMessages as vm,
  WHITELIST_CHECK_DAILY_LIMIT,
  WHITELIST_NEAR_LIMIT,
  WHITELIST_SEARCH_DAILY_LIMIT,
} from '@spedycja/domain';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  carriers,
  customers,
  orders,
  settings,
  users,
  verifications,
  whitelistDailyCounter,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { iri } from '../../http/hydra.ts';
import { IntegrationError } from '../../integrations/errors.ts';
import type { GusCompany } from '../../integrations/gus/types.ts';
import { WlRefusal } from '../../integrations/whitelist/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import type { Registers } from './registers.ts';

export type PartyKind = 'customers' | 'carriers';
export const partyTables = { customers, carriers } as const;
type PartyRow = typeof customers.$inferSelect | typeof carriers.$inferSelect;

/** What one check found, before it is stored (the outside service is asked outside any transaction). */
export type CheckResult = {
  source: VerificationSource;
  outcome: VerificationOutcome;
  asked: Record<string, unknown>;
  answer: unknown;
  proofId: string | null;
  /** What the check changes on the party (status, verifiedAt). */
  partyChanges: Record<string, unknown>;
  /** A same-day answer of the white list reused: the stored record it came from. */
  reused?: typeof verifications.$inferSelect;
  warning?: string;
};

/** An outside register's failure as the API answers it: 409 saying what to set, 503 naming the service. */
export function registerError(error: unknown, notConfigured: string): never {
  if (error instanceof IntegrationError) {
    if (error.kind === 'not_configured') throw new AppError(409, 'not_configured', notConfigured);
    if (error.kind === 'refused') throw new AppError(502, 'register_refused', error.message);
    throw new AppError(
      503,
      'register_unavailable',
      `${error.service}: usługa nie odpowiada. Spróbuj ponownie później.`,
    );
  }
  if (error instanceof WlRefusal) {
    if (error.limit) throw new AppError(429, 'whitelist_limit', vm.whitelistLimit);
    throw new AppError(422, 'whitelist_refused', `Biała lista: ${error.message}`);
  }
  throw error;
}

/** A Polish party's NIP (10 digits with a valid checksum), or null. */
export function polishNip(party: Pick<PartyRow, 'nip' | 'country'>): string | null {
  if (!party.nip) return null;
  const nip = canonicalTaxId(party.nip);
  if (party.country && party.country !== 'PL') return null;
  return isValidPolishNip(nip) ? nip : null;
}

/** A party's EU VAT number outside Poland: country code and number, or null. */
export function euVatNumber(
  party: Pick<PartyRow, 'nip' | 'country'>,
): { countryCode: string; vatNumber: string } | null {
  if (!party.nip) return null;
  const id = canonicalTaxId(party.nip);
  const prefixed = /^([A-Z]{2})([0-9A-Z+*]{2,13})$/.exec(id);
  if (prefixed?.[1] && prefixed[2] && prefixed[1] !== 'PL') return { countryCode: prefixed[1], vatNumber: prefixed[2] };
  if (party.country && party.country !== 'PL' && /^[0-9A-Z]{2,13}$/.test(id)) {
    return { countryCode: party.country === 'GR' ? 'EL' : party.country, vatNumber: id };
  }
  return null;
}

/** Today's white-list usage; refuses (429) once the day's limit is near, before the list blocks the office's IP. */
export async function countWhitelist(db: DbOrTx, kind: 'searches' | 'checks'): Promise<number> {
  const day = warsawDay();
  const limit = kind === 'searches' ? WHITELIST_SEARCH_DAILY_LIMIT : WHITELIST_CHECK_DAILY_LIMIT;
  const [row] = await db.select().from(whitelistDailyCounter).where(eq(whitelistDailyCounter.day, day));
  const used = row?.[kind] ?? 0;
  if (used >= Math.floor(limit * WHITELIST_NEAR_LIMIT)) {
    throw new AppError(429, 'whitelist_limit_near', vm.whitelistLimitNear(used, limit));
  }
  await db
    .insert(whitelistDailyCounter)
    .values({ day, [kind]: 1 })
    .onConflictDoUpdate({
      target: whitelistDailyCounter.day,
      set: { [kind]: sql`${whitelistDailyCounter[kind]} + 1` },
    });
  return used + 1;
}

/** A check of this party stored today with this question (the white list's same-day cache). */
export async function todaysCheck(db: DbOrTx, kind: PartyKind, partyId: number, asked: Record<string, unknown>) {
  const owner = kind === 'customers' ? verifications.customerId : verifications.carrierId;
  const [row] = await db
    .select()
    .from(verifications)
    .where(
      and(
        eq(owner, partyId),
        eq(verifications.source, 'whitelist'),
        eq(verifications.checkedOn, warsawDay()),
        sql`${verifications.asked} @> ${JSON.stringify(asked)}::jsonb`,
        sql`${verifications.outcome} <> 'unavailable'`,
      ),
    )
    .orderBy(desc(verifications.checkedAt))
    .limit(1);
  return row;
}

/** Runs one check of a party in GUS, VIES or the white list (no transaction open while the register answers). */
export async function runCheck(
  db: DbOrTx,
  registers: Registers,
  kind: PartyKind,
  party: PartyRow,
  source: VerificationSource,
): Promise<CheckResult> {
  const now = new Date();
  if (source === 'gus') {
    const nip = polishNip(party);
    if (!nip) throw new AppError(422, 'not_applicable', vm.nipInvalid);
    const company = await registers.gus.findByNip(nip).catch((e) => registerError(e, vm.gusNoKey));
    return gusResult(nip, company, now);
  }
  if (source === 'vies') {
    const vat = euVatNumber(party);
    if (!vat) throw new AppError(422, 'not_applicable', vm.viesNotEu);
    const requester = await companyRequester(db);
    const result = await registers.vies
      .check(vat.countryCode, vat.vatNumber, requester)
      .catch((e) => registerError(e, vm.viesUnavailable));
    if (result.state === 'unavailable') {
      return {
        source,
        outcome: 'unavailable',
        asked: vat,
        answer: result,
        proofId: null,
        partyChanges: {},
        warning: vm.viesUnavailable,
      };
    }
    const valid = result.state === 'valid';
    return {
      source,
      outcome: valid ? 'ok' : 'failed',
      asked: vat,
      answer: result,
      proofId: result.consultationNumber,
      partyChanges: { registryStatus: valid ? 'aktywna' : null, verifiedAt: valid ? now : null },
    };
  }
  const nip = polishNip(party);
  if (!nip) throw new AppError(422, 'not_applicable', vm.whitelistNotPolish);
  const asked = { kind: 'search', nip };
  const reused = await todaysCheck(db, kind, party.id, asked);
  if (reused) {
    return {
      source,
      outcome: reused.outcome as VerificationOutcome,
      asked,
      answer: reused.answer,
      proofId: reused.proofId,
      partyChanges: {},
      reused,
    };
  }
  const used = await countWhitelist(db, 'searches');
  const found = await registers.whitelist
    .searchNip(nip, warsawDay())
    .catch((e) => registerError(e, vm.whitelistUnavailable));
  const statusVat = found.subject?.statusVat ?? 'Niezarejestrowany';
  return {
    source,
    outcome: found.subject ? 'ok' : 'failed',
    asked,
    answer: { statusVat, name: found.subject?.name ?? null, accountNumbers: found.subject?.accountNumbers ?? [] },
    proofId: found.requestId,
    partyChanges: { vatStatus: statusVat, vatStatusCheckedAt: now },
    warning:
      used >= WHITELIST_SEARCH_DAILY_LIMIT * 0.7
        ? vm.whitelistLimitNear(used, WHITELIST_SEARCH_DAILY_LIMIT)
        : undefined,
  };
}

/** GUS's answer about a NIP as a check: an active company verifies the party; a suspended or struck-off one clears it. */
export function gusResult(nip: string, company: GusCompany | null, at: Date): CheckResult {
  if (!company) {
    return {
      source: 'gus',
      outcome: 'failed',
      asked: { nip },
      answer: { found: false },
      proofId: null,
      partyChanges: {},
    };
  }
  // Found, but GUS's full report did not come: whether it is suspended is unknown, so nothing changes on the party.
  if (company.status === 'nieznany') {
    return {
      source: 'gus',
      outcome: 'unavailable',
      asked: { nip },
      answer: company,
      proofId: company.regon,
      partyChanges: {},
    };
  }
  const active = company.status === 'aktywna';
  return {
    source: 'gus',
    outcome: active ? 'ok' : 'failed',
    asked: { nip },
    answer: company,
    proofId: company.regon,
    partyChanges: { registryStatus: company.status, verifiedAt: active ? at : null },
  };
}

async function companyRequester(db: DbOrTx) {
  const [row] = await db.select().from(settings).where(eq(settings.key, 'companyNip'));
  const nip = row?.value ? canonicalTaxId(row.value) : '';
  return isValidPolishNip(nip) ? { countryCode: 'PL', vatNumber: nip } : undefined;
}

/** Stores a check in the party's history (and what it changes on the party); answers the stored row. */
export async function storeCheck(
  db: DbOrTx,
  kind: PartyKind,
  partyId: number,
  result: CheckResult,
  checkedById: number | null,
  /** `checkedAt`: when the register answered, if not now (a look-up saved with the form later). */
  extra: { orderId?: number; overrideReason?: string; checkedAt?: Date } = {},
) {
  const [row] = await db
    .insert(verifications)
    .values({
      customerId: kind === 'customers' ? partyId : null,
      carrierId: kind === 'carriers' ? partyId : null,
      source: result.source,
      asked: result.asked,
      answer: result.answer ?? null,
      proofId: result.proofId,
      outcome: result.outcome,
      orderId: extra.orderId ?? null,
      overrideReason: extra.overrideReason ?? null,
      checkedById,
      ...(extra.checkedAt ? { checkedAt: extra.checkedAt } : {}),
      checkedOn: warsawDay(extra.checkedAt),
    })
    .returning();
  if (Object.keys(result.partyChanges).length > 0) {
    const table = partyTables[kind];
    await db
      .update(table)
      .set(result.partyChanges as never)
      .where(eq(table.id, partyId));
  }
  return row as typeof verifications.$inferSelect;
}

/** The party's checks with who asked and the order named, in one read (the history's page). */
export function selectVerifications(db: DbOrTx) {
  return db
    .select({
      row: getTableColumns(verifications),
      checkedBy: users.name,
      orderUuid: orders.uuid,
      orderNumber: orders.number,
    })
    .from(verifications)
    .leftJoin(users, eq(users.id, verifications.checkedById))
    .leftJoin(orders, eq(orders.id, verifications.orderId))
    .$dynamic();
}

export async function verificationJson(
  db: DbOrTx,
  row: typeof verifications.$inferSelect,
): Promise<VerificationRecord> {
  const [joined] = await selectVerifications(db).where(eq(verifications.id, row.id));
  return toVerificationJson(row, joined?.checkedBy ?? null, joined?.orderUuid ?? null, joined?.orderNumber ?? null);
}

/** The account a payment's check asked about (`asked.account`), so that a refused payment's row names it. */
const accountOf = (asked: unknown): string | null => {
  const account = (asked as { account?: unknown } | null)?.account;
  return typeof account === 'string' && account !== '' ? account : null;
};

export function toVerificationJson(
  row: typeof verifications.$inferSelect,
  checkedBy: string | null,
  orderUuid: string | null,
  orderNumber: string | null,
): VerificationRecord {
  return {
    '@id': iri('verifications', row.uuid),
    '@type': 'Verification',
    uuid: row.uuid,
    source: row.source as VerificationSource,
    outcome: row.outcome as VerificationOutcome,
    asked: row.asked,
    details: row.answer,
    proofId: row.proofId,
    account: accountOf(row.asked),
    order: orderUuid ? iri('orders', orderUuid) : null,
    orderNumber,
    overrideReason: row.overrideReason,
    checkedAt: row.checkedAt.toISOString(),
    checkedBy,
  };
}

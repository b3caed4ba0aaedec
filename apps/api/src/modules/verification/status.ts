import {
  DEFAULT_VERIFICATION_VALID_DAYS,
  type VerificationStatus,
  verificationStatus,
  verificationMessages as vm,
} from '@spedycja/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { carrierPassedCheck, carriers, settings } from '../../db/schema/index.ts';
import { onTablesWritten } from '../../db/writes.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { warsawDay } from '../../warsawDay.ts';

/**
 * The verification status of customers and carriers: the domain's verificationStatus() for a record's JSON, and the
 * same rule in SQL for the carriers list's filter. `verificationValidDays` (a setting) is read once per request of
 * the parties and orders (see app.ts) and kept here for the records' JSON.
 */
let validDays = DEFAULT_VERIFICATION_VALID_DAYS;
export const currentValidDays = () => validDays;

export async function refreshValidDays(db: DbOrTx) {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'verificationValidDays'));
  const days = Number(row?.value);
  validDays = Number.isInteger(days) && days > 0 ? days : DEFAULT_VERIFICATION_VALID_DAYS;
}

/**
 * The setting as last read, per database: read again after a write of the settings through this server, or after
 * READ_EVERY_MS for a change made elsewhere (another instance, a script). A list request no longer waits for a read
 * of the settings before its own statements.
 */
const READ_EVERY_MS = 10_000;
const readDays = new WeakMap<object, { days: number; at: number }>();
let settingsWritten = 0;
onTablesWritten((tables) => {
  if (tables.includes('settings') || tables.includes('*')) settingsWritten++;
});

export const refreshValidDaysHook = (db: DbOrTx) => {
  let seenWrites = settingsWritten;
  return async (request: FastifyRequest) => {
    if (!/^\/api\/(customers|carriers|orders)/.test(request.url)) return;
    const known = readDays.get(db);
    if (known && seenWrites === settingsWritten && performance.now() - known.at < READ_EVERY_MS) {
      validDays = known.days;
      return;
    }
    seenWrites = settingsWritten;
    const at = performance.now();
    await refreshValidDays(db);
    readDays.set(db, { days: validDays, at });
  };
};

const validDaysSql = sql`coalesce((SELECT value FROM settings WHERE key = 'verificationValidDays')::int, ${DEFAULT_VERIFICATION_VALID_DAYS})`;
const todaySql = sql`(now() AT TIME ZONE 'Europe/Warsaw')::date`;

/**
 * A carrier that would be verified if its check were recent enough (as verificationStatus() says): its check passed
 * (`carrierPassedCheck`, the partial index's condition) and its policy runs today.
 */
const carrierCore = sql`(${carrierPassedCheck(carriers)} AND ${carriers.ocpValidTo} >= ${todaySql})`;
/** Checked within the valid days: the check's UTC day (as the JSON's rule reads it) from that midnight on, a range. */
const recent = sql`${carriers.verifiedAt} >= ((${todaySql} - ${validDaysSql})::timestamp AT TIME ZONE 'UTC')`;

/** `verificationStatus=zweryfikowany|wygasla|niezweryfikowany` on the carriers list. */
export function carrierStatusFilter(value: string): SQL | undefined {
  if (value === 'zweryfikowany') return sql`(${carrierCore} AND ${recent})`;
  if (value === 'wygasla') return sql`(${carrierCore} AND NOT ${recent})`;
  if (value === 'niezweryfikowany') return sql`NOT ${carrierCore}`;
  throw badRequest();
}

/** Why a carrier is not verified, in Polish (for the 422 and the order's warning). */
export function unverifiedReason(carrier: typeof carriers.$inferSelect, status: VerificationStatus): string {
  if (status === 'wygasla') return 'weryfikacja wygasła';
  if (!carrier.verifiedAt) return 'brak sprawdzenia w GUS lub VIES';
  if (carrier.registryStatus && carrier.registryStatus !== 'aktywna') return `działalność ${carrier.registryStatus}`;
  if ((!carrier.country || carrier.country === 'PL') && carrier.vatStatus !== 'Czynny') {
    return `status VAT: ${carrier.vatStatus ?? 'niesprawdzony'}`;
  }
  return carrier.ocpValidTo ? 'OCP wygasło' : 'brak polisy OCP';
}

export function carrierStatus(carrier: typeof carriers.$inferSelect) {
  return verificationStatus(
    {
      verifiedAt: carrier.verifiedAt?.toISOString() ?? null,
      vatStatus: carrier.vatStatus,
      registryStatus: carrier.registryStatus,
      ocpValidTo: carrier.ocpValidTo,
      country: carrier.country,
    },
    'carrier',
    warsawDay(),
    validDays,
  );
}

/**
 * With 'Zlecenia tylko dla zweryfikowanych przewoźników' on, an order is saved with an unverified carrier only by an
 * administrator giving a reason (kept on the order, so in its history); a dispatcher gets a 422 naming why.
 * Answers the reason to store (or undefined).
 */
export async function assertCarrierAllowed(
  db: DbOrTx,
  carrierId: number | null | undefined,
  admin: boolean,
  override: { reason: string } | undefined,
): Promise<string | undefined> {
  if (!carrierId) return undefined;
  const [flag] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'onlyVerifiedCarriers'));
  if (flag?.value !== 'tak') return undefined;
  const [carrier] = await db.select().from(carriers).where(eq(carriers.id, carrierId));
  if (!carrier) return undefined;
  const status = carrierStatus(carrier);
  if (status === 'zweryfikowany') return undefined;
  const why = unverifiedReason(carrier, status);
  if (admin && override) return override.reason;
  const message = vm.carrierUnverified(why);
  if (!admin && override) throw new AppError(403, 'forbidden', vm.carrierOverrideAdminOnly);
  throw new AppError(422, 'carrier_unverified', message, [{ propertyPath: 'carrier', message }]);
}

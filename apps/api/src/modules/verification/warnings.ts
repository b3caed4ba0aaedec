import { type OrderWarning, ocpWarnings, verificationMessages as vm } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, type orders } from '../../db/schema/index.ts';
import { warsawDay } from '../../warsawDay.ts';
import { carrierStatus, unverifiedReason } from './status.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * What the order's carrier lacks for this transport: its OCP ended (or ends before the unloading day), its sum below
 * the cargo's value (the domain's ocpWarnings), or the carrier not verified.
 */
export async function orderWarnings(db: DbOrTx, order: OrderRow): Promise<OrderWarning[]> {
  if (!order.carrierId) return [];
  const [carrier] = await db.select().from(carriers).where(eq(carriers.id, order.carrierId));
  if (!carrier) return [];
  const warnings = ocpWarnings(carrier, order, warsawDay());
  const status = carrierStatus(carrier);
  if (status !== 'zweryfikowany') {
    warnings.push({ code: 'carrier_unverified', message: vm.carrierNotVerified(unverifiedReason(carrier, status)) });
  }
  return warnings;
}

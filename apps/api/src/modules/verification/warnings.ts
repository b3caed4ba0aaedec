import { formatDate, verificationMessages as vm } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, type orders } from '../../db/schema/index.ts';
import { warsawDay } from './day.ts';
import { carrierStatus, unverifiedReason } from './status.ts';

export type OrderWarning = {
  code: 'ocp_expired' | 'ocp_expires_before_unloading' | 'ocp_sum_too_low' | 'carrier_unverified';
  message: string;
};

type OrderRow = typeof orders.$inferSelect;

/** An amount in PLN hundredths (EUR at the order's rate). */
const toPln = (amount: number, currency: string, rate: number | null) =>
  currency === 'eur' ? (amount * (rate ?? 0)) / 100 : amount;

/**
 * What the order's carrier lacks for this transport: its OCP ended (or ends before the unloading day), its sum below
 * the cargo's value, or the carrier not verified.
 */
export async function orderWarnings(db: DbOrTx, order: OrderRow): Promise<OrderWarning[]> {
  if (!order.carrierId) return [];
  const [carrier] = await db.select().from(carriers).where(eq(carriers.id, order.carrierId));
  if (!carrier) return [];
  const warnings: OrderWarning[] = [];
  const today = warsawDay();
  const unloading = order.unloadingDate ? order.unloadingDate.slice(0, 10) : null;
  if (carrier.ocpValidTo && carrier.ocpValidTo < today) {
    warnings.push({ code: 'ocp_expired', message: vm.ocpExpired });
  } else if (carrier.ocpValidTo && unloading && carrier.ocpValidTo < unloading) {
    warnings.push({ code: 'ocp_expires_before_unloading', message: vm.ocpExpires(formatDate(carrier.ocpValidTo)) });
  }
  if (order.cargoValue != null && carrier.ocpSum != null) {
    const cargo = toPln(order.cargoValue, order.cargoValueCurrency, order.euroExchangeRate);
    const sum = toPln(carrier.ocpSum, carrier.ocpSumCurrency, order.euroExchangeRate);
    if (cargo > sum) warnings.push({ code: 'ocp_sum_too_low', message: vm.ocpSumTooLow });
  }
  const status = carrierStatus(carrier);
  if (status !== 'zweryfikowany') {
    warnings.push({ code: 'carrier_unverified', message: vm.carrierNotVerified(unverifiedReason(carrier, status)) });
  }
  return warnings;
}

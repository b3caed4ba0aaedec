import { verificationMessages as vm, WHITELIST_THRESHOLD } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, type orders } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { IntegrationError } from '../../integrations/errors.ts';
import { WlRefusal } from '../../integrations/whitelist/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import type { Registers } from './registers.ts';
import { type CheckResult, countWhitelist, polishNip, storeCheck, todaysCheck } from './service.ts';

/** The VAT rate of a Polish carrier's domestic freight, hundredths of a percent. */
export const CARRIER_VAT_RATE = 2300;

type OrderRow = typeof orders.$inferSelect;

/**
 * The order's carrier price with VAT in PLN hundredths (EUR at the order's own rate); null without a price. A transport
 * from or to abroad is international: 0 % VAT (ustawa o VAT art. 83 ust. 1 pkt 23), so its gross is its net.
 */
export function carrierGrossPln(
  order: Pick<
    OrderRow,
    'carrierPrice' | 'carrierPriceCurrency' | 'euroExchangeRate' | 'loadingCountry' | 'unloadingCountry'
  >,
) {
  if (order.carrierPrice == null) return null;
  const pln =
    order.carrierPriceCurrency === 'eur'
      ? (order.carrierPrice * (order.euroExchangeRate ?? 0)) / 100
      : order.carrierPrice;
  const domestic = (order.loadingCountry ?? 'PL') === 'PL' && (order.unloadingCountry ?? 'PL') === 'PL';
  return Math.round((pln * (10_000 + (domestic ? CARRIER_VAT_RATE : 0))) / 10_000);
}

export type PaymentCheck = {
  /** 'confirmed': TAK on the list; 'unconfirmed': NIE, no NIP or account, or the list did not answer; 'foreign'. */
  status: 'confirmed' | 'unconfirmed' | 'foreign' | 'no_carrier';
  warning?: string;
};

/**
 * The one check before a carrier is paid (the order's carrierPaid, the payments cockpit): the order's carrier account
 * for the carrier's NIP on the white list today. TAK is stored with its requestId as the proof; anything else
 * (NIE, a Polish carrier without NIP or account, the list not answering) above 15 000 zł gross is a 409
 * `whitelist_unconfirmed` unless an administrator confirms it with a reason; below, a warning. Every outcome goes
 * into the carrier's verifications naming the order (stored before a refusal: a 4xx keeps what the request wrote).
 */
export async function checkCarrierPayment(
  tx: DbOrTx,
  registers: Registers,
  order: OrderRow,
  me: { id: number; admin: boolean },
  override?: { reason: string },
  /** The account the money goes (went) to when known apart from the order's, e.g. a bank statement's debit. */
  paidTo?: { account?: string | null },
): Promise<PaymentCheck> {
  if (override && !me.admin) throw new AppError(403, 'forbidden', vm.overrideAdminOnly);
  if (!order.carrierId) return { status: 'no_carrier' };
  const [carrier] = await tx.select().from(carriers).where(eq(carriers.id, order.carrierId));
  if (!carrier) return { status: 'no_carrier' };
  if (carrier.country && carrier.country !== 'PL') return { status: 'foreign' };

  const nip = polishNip(carrier);
  const account = paidTo?.account || order.carrierBankAccount;
  const gross = carrierGrossPln(order);
  const asked = { kind: 'account', nip, account, amountGrossPln: gross };
  let result: CheckResult;
  const reused =
    nip && account ? await todaysCheck(tx, 'carriers', carrier.id, { kind: 'account', nip, account }) : null;
  if (reused?.proofId) {
    // The list's answer for this NIP and account today, reused (its requestId stays the proof).
    result = {
      source: 'whitelist',
      outcome: reused.outcome as CheckResult['outcome'],
      asked,
      answer: reused.answer,
      proofId: reused.proofId,
      partyChanges: {},
    };
  } else if (!nip || !account) {
    result = {
      source: 'whitelist',
      outcome: 'failed',
      asked,
      answer: { accountAssigned: null, reason: !nip ? 'brak NIP' : 'brak rachunku' },
      proofId: null,
      partyChanges: {},
    };
  } else {
    try {
      await countWhitelist(tx, 'checks');
      const check = await registers.whitelist.checkAccount(nip, account, warsawDay());
      result = {
        source: 'whitelist',
        outcome: check.accountAssigned ? 'ok' : 'failed',
        asked,
        answer: { accountAssigned: check.accountAssigned ? 'TAK' : 'NIE', requestDateTime: check.requestDateTime },
        proofId: check.requestId,
        partyChanges: {},
      };
    } catch (error) {
      if (!(error instanceof IntegrationError || error instanceof WlRefusal || error instanceof AppError)) throw error;
      result = {
        source: 'whitelist',
        outcome: 'unavailable',
        asked,
        answer: { accountAssigned: null, reason: error.message },
        proofId: null,
        partyChanges: {},
      };
    }
  }
  if (result.outcome === 'ok') {
    await storeCheck(tx, 'carriers', carrier.id, result, me.id, { orderId: order.id });
    return { status: 'confirmed' };
  }
  const above = gross !== null && gross > WHITELIST_THRESHOLD;
  await storeCheck(tx, 'carriers', carrier.id, result, me.id, {
    orderId: order.id,
    overrideReason: above && override ? override.reason : undefined,
  });
  if (above && !override) {
    throw new AppError(409, 'whitelist_unconfirmed', vm.whitelistRefused, undefined, {
      code: 'whitelist_unconfirmed',
    });
  }
  return { status: 'unconfirmed', warning: above ? vm.whitelistUnconfirmed : vm.whitelistUnconfirmedBelow };
}

import { z } from 'zod';
import { debtorOverrideSchema } from './debtors.ts';
import { iriRef, optionalDate } from './shipments.ts';
import { whitelistOverrideSchema } from './verification.ts';

/** Conversions of a query into an order and back (SPEC §4). */
export const conversionMessages = {
  queryConverted: 'To zapytanie zostało już zamienione w zlecenie.',
  orderConverted: 'To zlecenie zostało już zamienione w zapytanie.',
  offerNotUsable: 'Wybierz aktywną ofertę tego zapytania z przypisanym przewoźnikiem.',
  unloadingDateRequired: 'Podaj datę rozładunku: zlecenie nie może być zapisane bez niej.',
} as const;

/**
 * The body of POST /api/queries/{id}/changeType: the offer the order takes (without it, the best one), and the
 * unloading date when the query has none (an order needs it; given, it wins over the query's), and — with
 * 'only verified carriers' on and the offer's carrier not verified — an admin's reason (kept on the order as on save).
 */
export const queryToOrderSchema = z
  .object({
    offer: iriRef('offers'),
    unloadingDate: optionalDate(),
    carrierVerificationOverride: whitelistOverrideSchema.optional(),
    debtorOverride: debtorOverrideSchema,
  })
  .nullable()
  .optional();

export type QueryToOrder = NonNullable<z.infer<typeof queryToOrderSchema>>;

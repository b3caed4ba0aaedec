import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

/** Soft deletion (SPEC §4): a reason > 0 hides the record; admins restore it. */
export const DELETABLE_TYPES = ['order', 'query', 'task'] as const;
export type DeletableType = (typeof DELETABLE_TYPES)[number];

export const DELETION_REASONS: Record<number, string> = { 1: 'Błędne dane' };
export const DEFAULT_DELETION_REASON = 1;

export const removeSchema = z.object({
  type: z.enum(DELETABLE_TYPES, { error: m.oneOf }),
  reason: z.coerce
    .number({ error: m.numeric })
    .int({ error: m.numeric })
    .min(1, { error: m.minValue(1) })
    .max(2_147_483_647, { error: m.oneOf })
    .default(DEFAULT_DELETION_REASON),
});
export const restoreSchema = z.object({ type: z.enum(DELETABLE_TYPES, { error: m.oneOf }) });

import { z } from 'zod';
import { optionalDate } from './shipments.ts';

/** POST /api/invoices/{uuid}/interest_notes: interest counted to `date` (default today) for what is still unpaid. */
export const interestNoteCreateSchema = z.object({ date: optionalDate() });
export type InterestNoteCreate = z.input<typeof interestNoteCreateSchema>;

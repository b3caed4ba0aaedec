import { z } from 'zod';
import { interestMessages as im } from './interest.ts';
import { validationMessages as m } from './messages.ts';
import { optionalDate } from './shipments.ts';

/** An NBP table A number as NBP prints it: '041/A/NBP/2026'. */
const NBP_TABLE_RE = /^\d{1,3}\/A\/NBP\/\d{4}$/;

/**
 * POST /api/invoices/{uuid}/interest_notes: interest counted to `date` (default today) for what is still unpaid. The
 * art. 10 compensation takes NBP's EUR rate; when NBP does not answer, the admin may type the rate (ten-thousandths of
 * a złoty, as NBP's four decimals: 4,2345 zł = 42345) and its table's number, both or neither.
 */
export const interestNoteCreateSchema = z
  .object({
    date: optionalDate(),
    compensationRate: z
      .number({ error: m.numeric })
      .int({ error: m.numeric })
      .min(1, { error: m.minValue('0,0001') })
      .max(1_000_000, { error: m.maxValue('100,0000') })
      .nullable()
      .optional(),
    compensationTable: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim() || null : v),
        z.string().regex(NBP_TABLE_RE, { error: im.compensationTableInvalid }).nullable(),
      )
      .optional(),
  })
  .superRefine((note, ctx) => {
    if (note.compensationRate != null && note.compensationTable == null) {
      ctx.addIssue({ code: 'custom', path: ['compensationTable'], message: im.compensationTableMissing });
    }
    if (note.compensationTable != null && note.compensationRate == null) {
      ctx.addIssue({ code: 'custom', path: ['compensationRate'], message: im.compensationRateMissing });
    }
  });
export type InterestNoteCreate = z.input<typeof interestNoteCreateSchema>;

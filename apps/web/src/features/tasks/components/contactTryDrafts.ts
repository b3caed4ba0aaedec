import {
  type ContactTryStatus,
  type ContactTryUpdate,
  contactTryUpdateSchema,
  fieldErrors,
  type TaskContactTry,
  validationMessages,
} from '@spedycja/domain';
import type { ContactTryChange } from '../api/updateContactTries.ts';
import { isoToPicker, pickerToIso } from '../taskRules.ts';

/** The attempts modal's edits: a draft per attempt, and the PUTs they make. Pure, unit-tested. */

export type Draft = { date: string | null; status: ContactTryStatus; comment: string };
export const toDraft = (attempt: TaskContactTry): Draft => ({
  date: isoToPicker(attempt.date),
  status: attempt.status,
  comment: attempt.comment ?? '',
});
export const sameDraft = (a: Draft, b: Draft) => a.date === b.date && a.status === b.status && a.comment === b.comment;

/** The changed attempts as PUT payloads, and the errors of those that do not pass the schema. */
export function contactTryChanges(
  attempts: readonly TaskContactTry[],
  drafts: Readonly<Record<string, Draft>>,
): { changes: ContactTryChange[]; errors: Record<string, Record<string, string>> } {
  const changes: ContactTryChange[] = [];
  const errors: Record<string, Record<string, string>> = {};
  for (const attempt of attempts) {
    const draft = drafts[attempt.uuid];
    if (!draft || sameDraft(draft, toDraft(attempt))) continue;
    const input = { date: pickerToIso(draft.date) ?? '', status: draft.status, comment: draft.comment };
    const rowErrors = fieldErrors(contactTryUpdateSchema, input);
    if (!input.date) rowErrors.date = validationMessages.required;
    if (Object.keys(rowErrors).length > 0) errors[attempt.uuid] = rowErrors;
    else changes.push({ uuid: attempt.uuid, payload: contactTryUpdateSchema.parse(input) as ContactTryUpdate });
  }
  return { changes, errors };
}

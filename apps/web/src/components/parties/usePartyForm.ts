import { duplicateHint, fieldErrors, type PartyMatch } from '@spedycja/domain';
import type { QueryKey } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { onValidationFailure, parseWith, useSaveSubmit, withTopLevelPaths, zodValidate } from '../../lib/forms.ts';
import { notifyFailure } from '../../lib/notify.ts';
import { useUncontrolledForm } from '../FormFields.tsx';
import { createPayload, type PartyFormValues, updatePayload } from './partyForm.ts';
import { type DuplicateFetcher, hasDuplicates, useDuplicateCounts, useSettledNumbers } from './useDuplicateCounts.ts';

type Saver<A, R> = { mutateAsync: (args: A) => Promise<R>; isPending: boolean };

export type UsePartyFormInput<V extends PartyFormValues, R, C, U> = {
  mode: 'create' | 'edit';
  /** The record being edited (null when creating). */
  uuid: string | null;
  initialValues: V;
  /** The create schema: it checks the whole record, rules across fields included. */
  schema: z.ZodType<C>;
  /** The update schema: it shapes the changed fields of an update. */
  updateSchema: z.ZodType<U>;
  /** Every field a creation sends (null when missing). */
  fields: readonly (keyof C & string)[];
  create: Saver<C, R>;
  update: Saver<{ uuid: string | null; payload: U }, R>;
  duplicates: {
    queryKey: QueryKey;
    fetcher: DuplicateFetcher;
    /** 'Klient o podanym numerze NIP lub numerze tel. już istnieje!' */
    message: string;
    singular: string;
    plural: string;
    /** 'Klient z tym numerem NIP już istnieje: {name}' (and the phone's). */
    named: { nip: (name: string) => string; phone: (name: string) => string };
  };
  /** After a save; null when an edit changed nothing and no request was needed. */
  onSaved: (record: R | null) => void;
};

/** The hint under NIP or Telefon: how many have the number, who (named), and that record to open. */
export type DuplicateHint = { text: string; named: string | null; match: PartyMatch | null };

/**
 * The customer and carrier forms' behaviour: validation with the domain schemas, the duplicate
 * hints, a refusal of a known duplicate, one request per save, and 422 violations on the fields
 * with what was typed kept.
 */
export function usePartyForm<V extends PartyFormValues, R, C, U>(input: UsePartyFormInput<V, R, C, U>) {
  const { mode, uuid, initialValues, schema, updateSchema, fields, create, update, duplicates, onSaved } = input;
  // Uncontrolled (issue 35): a key does not render the form again; the hints follow the numbers after a pause.
  const form = useUncontrolledForm<V>({ initialValues, validate: zodValidate(schema) });
  const runSave = useSaveSubmit(form, { uncontrolled: true });
  const saving = create.isPending || update.isPending;

  const counts = useDuplicateCounts({
    queryKey: duplicates.queryKey,
    fetcher: duplicates.fetcher,
    numbers: useSettledNumbers(form),
    exclude: uuid,
  });
  const hint = (field: 'nip' | 'phone'): DuplicateHint | null => {
    const count = counts?.[field];
    if (!count) return null;
    const match = counts?.[field === 'nip' ? 'nipMatch' : 'phoneMatch'] ?? null;
    const name = match?.companyName ?? match?.name ?? '';
    return {
      text: duplicateHint(count, duplicates.singular, duplicates.plural),
      named: match ? duplicates.named[field](name) : null,
      match,
    };
  };
  const hints = { nip: hint('nip'), phone: hint('phone') };

  /** The request a save makes, or null when there is nothing to send (invalid, or an edit with no change). */
  const prepare = (current: V): (() => Promise<R>) | 'unchanged' | null => {
    const parsed = parseWith(schema, current) as Record<string, unknown> | null;
    if (!parsed) return null;
    if (mode === 'create') return () => create.mutateAsync(createPayload(fields, parsed) as C);
    const changes = updatePayload(initialValues, current, parsed);
    if (Object.keys(changes).length === 0) return 'unchanged';
    const payload = updateSchema.safeParse(changes);
    if (!payload.success) {
      form.setErrors(withTopLevelPaths(fieldErrors(updateSchema, changes)));
      return null;
    }
    return () => update.mutateAsync({ uuid, payload: payload.data });
  };

  const submit = form.onSubmit(
    (current) =>
      runSave(async () => {
        if (hasDuplicates(counts)) {
          notifyFailure(duplicates.message);
          // The field says who has the number, with a link to open that record.
          const errors: Record<string, string> = {};
          for (const field of ['nip', 'phone'] as const) {
            const named = hints[field]?.named;
            if (named) errors[field] = named;
          }
          form.setErrors(errors);
          return;
        }
        const request = prepare(current);
        if (request === 'unchanged') onSaved(null);
        if (typeof request !== 'function') return;
        onSaved(await request());
      }),
    onValidationFailure,
  );

  /**
   * The modal may be opened from inside another form (the picker in the query modal): React lets a
   * submit bubble out of a portal, and the outer form must not save as well.
   */
  const handleSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.stopPropagation();
    submit(event);
  };

  return { form, handleSubmit, saving, hints };
}

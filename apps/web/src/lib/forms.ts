import { fieldErrors } from '@spedycja/domain';
import { type ReactNode, useRef } from 'react';
import type { z } from 'zod';
import { useModalDirty, useModalDraft } from '../components/AppModal.tsx';
import { isApiError, type Violation } from './apiClient.ts';

/** Mantine forms validated by the domain's zod schemas, and 422 `violations` shown on their fields. */

export type FormErrorSetter<V = unknown> = {
  setErrors: (errors: Record<string, ReactNode>) => void;
  /** Mantine forms have it: whether anything differs from the values the form started with. */
  isDirty?: () => boolean;
  /** Mantine forms have them: the modal keeps the values as a draft, restored after a crash of its content. */
  values?: V;
  setValues?: (values: V) => void;
  getValues?: () => V;
};

/**
 * Errors keyed by field path; a nested path ('roles.0') also marks its top-level field ('roles'),
 * which is where an input such as a multi-select shows its error.
 */
export function withTopLevelPaths(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = { ...errors };
  for (const [path, message] of Object.entries(errors)) {
    const top = path.split('.')[0] ?? path;
    if (top && !(top in result)) result[top] = message;
  }
  return result;
}

/** `useForm({ validate: zodValidate(userCreateSchema) })` */
export function zodValidate(schema: z.ZodType) {
  return (values: unknown): Record<string, string> => withTopLevelPaths(fieldErrors(schema, values));
}

/** The values as the schema outputs them (trimmed, blanks as null), or null when they are invalid. */
export function parseWith<S extends z.ZodType>(schema: S, values: unknown): z.output<S> | null {
  const result = schema.safeParse(values);
  return result.success ? result.data : null;
}

export function violationsToErrors(violations: readonly Violation[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of violations) {
    const path = v.propertyPath || '_form';
    if (!(path in errors)) errors[path] = v.message;
  }
  return withTopLevelPaths(errors);
}

/** Puts a 422's violations on the form's fields; true when there were some. The typed values stay. */
export function applyServerErrors(form: Pick<FormErrorSetter, 'setErrors'>, error: unknown): boolean {
  if (!isApiError(error) || error.violations.length === 0) return false;
  form.setErrors(violationsToErrors(error.violations));
  return true;
}

/**
 * Runs a form's save one at a time and puts a 422's violations on its fields (the typed values stay;
 * the notification comes from the mutation). The guard is a ref because a second click in the same
 * moment comes before `isPending` re-renders the buttons as disabled.
 */
export function useSaveSubmit<V>(
  form: FormErrorSetter<V>,
  /**
   * An uncontrolled form (`mode: 'uncontrolled'`): its keys do not render it, so its rendered `values` lag what was
   * typed; the modal then takes the values as they are at a crash (getValues).
   */
  { uncontrolled = false }: { uncontrolled?: boolean } = {},
): (save: () => Promise<void>) => Promise<void> {
  const savingRef = useRef(false);
  // A form in a modal tells it when something typed would be lost by closing (the modal then asks first).
  // Also asked at the moment of closing: a paste then Esc at once comes before the re-render that shows it dirty.
  useModalDirty(form.isDirty?.() ?? false, form.isDirty);
  // And its values: a crash of the modal's content does not lose what was typed (the retry starts from them).
  useModalDraft(
    form.values,
    (values) => {
      if (values !== undefined) form.setValues?.(values);
    },
    uncontrolled ? form.getValues : undefined,
  );
  return async (save) => {
    if (savingRef.current) return;
    savingRef.current = true;
    try {
      await save();
    } catch (error) {
      // Someone saved the record in the meantime: say who and what, and keep the typed values on screen.
      if (isApiError(error) && error.status === 412 && error.path) {
        const { showConflict } = await import('../components/ConflictNotice.tsx');
        showConflict(error.path);
      }
      if (applyServerErrors(form, error)) focusFirstError();
    } finally {
      savingRef.current = false;
    }
  };
}

/**
 * After a failed save: scrolls to the first field in error and focuses it (on a laptop the top of a long form is not
 * always in view). Runs after the render that shows the errors; `root` narrows it to one form.
 */
export function focusFirstError(root?: ParentNode | null) {
  requestAnimationFrame(() => {
    const scope = root ?? document;
    const field = scope.querySelector<HTMLElement>(
      '[aria-invalid="true"], [data-error] input, [data-error] textarea, [data-error] button',
    );
    if (!field) return;
    field.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  });
}

/** form.onSubmit's second argument: a failed validation leads to its first error. */
export const onValidationFailure = (
  _errors: unknown,
  _values: unknown,
  event?: { currentTarget?: EventTarget | null },
) => focusFirstError(event?.currentTarget instanceof HTMLElement ? event.currentTarget : null);

import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

/** Zod building blocks that carry the SPEC §5 messages; every form and route uses these. */

/** '' and whitespace count as "not given", as a form sends them. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const requiredText = (max = 255) =>
  z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(max, { error: m.maxLength(max) });

export const optionalText = (max = 255) =>
  z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(max, { error: m.maxLength(max) })
        .nullable(),
    )
    .optional();

export const optionalEmail = () =>
  z
    .preprocess(
      blankToNull,
      z
        .email({ error: m.email })
        .max(180, { error: m.maxLength(180) })
        .nullable(),
    )
    .optional();

export const requiredEmail = () =>
  z
    .string({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .pipe(z.email({ error: m.email }));

const DIGITS = /^\d+$/;

/** Phone numbers and prefixes: digits only (spaces and dashes typed by people are dropped). */
const normaliseDigits = (value: unknown) =>
  typeof value === 'string' ? value.replace(/[\s-]/g, '') : typeof value === 'number' ? String(value) : value;

export const phonePrefix = () =>
  z.preprocess(
    normaliseDigits,
    z
      .string({ error: m.required })
      .regex(DIGITS, { error: m.numeric })
      .min(1, { error: m.required })
      .max(4, { error: m.maxLength(4) }),
  );

export const optionalPhone = (min = 5, max = 15) =>
  z
    .preprocess(
      (v) => blankToNull(normaliseDigits(v)),
      z
        .string()
        .regex(DIGITS, { error: m.numeric })
        .min(min, { error: m.minLength(min) })
        .max(max, { error: m.maxLength(max) })
        .nullable(),
    )
    .optional();

export const requiredPhone = (min = 5, max = 15) =>
  z.preprocess(
    normaliseDigits,
    z
      .string({ error: m.required })
      .min(1, { error: m.required })
      .regex(DIGITS, { error: m.numeric })
      .min(min, { error: m.minLength(min) })
      .max(max, { error: m.maxLength(max) }),
  );

/** An integer in hundredths (1360 = 13.60). */
export const hundredths = (min = 0) =>
  z
    .number({ error: m.numeric })
    .int({ error: m.numeric })
    .min(min, { error: m.minValue(String(min / 100).replace('.', ',')) })
    .max(2_000_000_000, { error: m.numeric });

export const optionalHundredths = (min = 0) => z.preprocess(blankToNull, hundredths(min).nullable()).optional();

const isGiven = (value: unknown) =>
  value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

/**
 * The same field, but a value must be given: missing, null or blank is 'To pole nie może być puste!'. On an update,
 * `required(field).optional()` lets the key be left out but not emptied.
 */
export const required = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .refine(isGiven, { error: m.required })
    .pipe(schema)
    .transform((value) => value as NonNullable<z.output<T>>);

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: m.oneOf });

export const uuidSchema = z.uuid();

/** Turns zod issues into {field: message}; the web forms and the 422 `violations` both use it. */
export function issuesToViolations(issues: readonly z.core.$ZodIssue[]): { propertyPath: string; message: string }[] {
  return issues.map((issue) => ({
    propertyPath: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const v of issuesToViolations(result.error.issues)) {
    if (!(v.propertyPath in errors)) errors[v.propertyPath] = v.message;
  }
  return errors;
}

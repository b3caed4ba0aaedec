/** PostgreSQL error codes, looked up through drizzle's wrapping on either driver. */
function pgCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === '23505';
/** A row still referred to: 23503, or 23001 where the reference is ON DELETE RESTRICT. */
export const isForeignKeyViolation = (error: unknown) => ['23503', '23001'].includes(pgCode(error) ?? '');
/** A required column left empty: the schemas should have refused it first; this keeps a gap a 422, not a 500. */
export const isNotNullViolation = (error: unknown) => pgCode(error) === '23502';
export const isSerializationFailure = (error: unknown) => ['40001', '40P01'].includes(pgCode(error) ?? '');

/** Class 22: a value the column cannot take (out of range, impossible date). */
export const isDataException = (error: unknown) => (pgCode(error) ?? '').startsWith('22');

/** The constraint a violation names (e.g. 'customers_nip_uq'). */
export function constraintOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === 'object'; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

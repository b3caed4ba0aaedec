import type { ProblemDetails } from '@spedycja/domain';
import { apiMessages } from '@spedycja/domain';

export type Violation = { propertyPath: string; message: string };

/** A domain error with a code; the one error handler turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly violations?: Violation[],
    /** More members of the problem document (e.g. the record a duplicate clashes with). */
    readonly extra?: Partial<ProblemDetails>,
    /** Headers of the answer (Retry-After of a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string = apiMessages.badRequest) => new AppError(400, 'bad_request', detail);
export const unauthorized = (detail: string = apiMessages.unauthorized) => new AppError(401, 'unauthorized', detail);
export const forbidden = () => new AppError(403, 'forbidden', apiMessages.forbidden);
export const notFound = (detail: string = apiMessages.notFound) => new AppError(404, 'not_found', detail);
export const unprocessable = (detail: string, violations: Violation[] = []) =>
  new AppError(422, 'validation_failed', detail, violations);
/** A 422 tied to one field, as API Platform reports a unique-constraint violation. */
export const fieldViolation = (propertyPath: string, message: string) =>
  unprocessable(message, [{ propertyPath, message }]);

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function problem(
  status: number,
  detail: string,
  violations?: Violation[],
  extra?: Partial<ProblemDetails>,
): ProblemDetails {
  const body: ProblemDetails = { ...extra, title: TITLES[status] ?? 'Error', status, detail };
  if (violations) body.violations = violations;
  return body;
}

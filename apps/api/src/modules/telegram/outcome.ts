import { TelegramError } from '../../integrations/telegram/types.ts';
import { retryDelaySeconds } from '../../mail/outbox.ts';
import { failureReasons } from './messages.ts';
import type { Outcome } from './repository.ts';

/** Retryable failures give up after this many attempts (about 6 hours with the outbox's back-off). */
export const MAX_ATTEMPTS = 12;

/** Why a send failed, for the log, and whether (and when) to try again. */
export function outcomeOf(error: unknown, attempts: number): Outcome {
  if (!(error instanceof TelegramError)) {
    return { status: 'retry', error: failureReasons.network(String(error)), delaySeconds: retryDelaySeconds(attempts) };
  }
  const status = error.status ?? 0;
  let reason: string;
  let retry = error.retryable;
  let delaySeconds = retryDelaySeconds(attempts);
  if (error.kind === 'network') reason = failureReasons.network(error.description);
  else if (status === 429) {
    delaySeconds = Math.max(1, error.retryAfter ?? delaySeconds);
    reason = failureReasons.rateLimited(delaySeconds);
  } else if (status >= 500) reason = failureReasons.server(status, error.description);
  else if (status === 403) reason = failureReasons.blocked(error.description);
  else if (status === 401 || status === 404) {
    // A wrong token is the admin's to fix; the message waits for it.
    reason = failureReasons.token(status);
    retry = true;
  } else reason = failureReasons.rejected(status, error.description);
  if (!retry) return { status: 'failed', error: reason };
  if (attempts >= MAX_ATTEMPTS) return { status: 'failed', error: failureReasons.gaveUp(attempts, reason) };
  return { status: 'retry', error: reason, delaySeconds };
}

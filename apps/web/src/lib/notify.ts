import { notifications } from '@mantine/notifications';
import { actionErrorMessage } from '@spedycja/domain';
import { isApiError } from './apiClient.ts';

/**
 * The one place that turns outcomes into notifications (shown top right):
 * 'Wystąpił błąd podczas {action}!' plus ' Szczegóły: {detail}' when the server explained it.
 */

export const NOTIFICATION_POSITION = 'top-right';

/** The server's explanation, or, when the request itself failed (no answer), what went wrong. */
export function errorDetail(error: unknown): string | null {
  if (isApiError(error)) return error.detail ?? (error.status === 0 ? error.message : null);
  return error instanceof Error ? error.message : null;
}

export function notifyError(action: string, error?: unknown) {
  notifications.show({ color: 'red', message: actionErrorMessage(action, errorDetail(error)), autoClose: 8000 });
}

/** A failure whose whole text is given (e.g. the login and duplicate messages of SPEC §8). */
export function notifyFailure(message: string) {
  notifications.show({ color: 'red', message, autoClose: 8000 });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

import { isApiError } from '../../lib/apiClient.ts';
import { notifyError, notifyFailure } from '../../lib/notify.ts';

/**
 * A failed save of a customer or carrier. A duplicate NIP or phone is told in the server's own
 * sentence, as the whole notification (SPEC §8); anything else is 'Wystąpił błąd podczas {action}!'.
 * A 401 means the session ended and the user is on the way to the login page: nothing to add.
 */
export function notifyPartySaveError(error: unknown, action: string, duplicateMessage: string) {
  if (isApiError(error) && error.status === 401) return;
  if (isApiError(error) && error.detail === duplicateMessage) notifyFailure(duplicateMessage);
  else notifyError(action, error);
}

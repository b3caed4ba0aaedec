import type { Order } from '@spedycja/domain';
import { ordersMessages as t } from './messages.ts';

/** The warning icons of the # cell (SPEC §2): orange for a document not sent, red when hidden from the calendar. */
export type OrderWarning = { kind: 'notSent' | 'hiddenInCalendar'; color: 'orange' | 'red'; message: string };

/** With mail off ('mailOff') a sent document only went to the folder: the warning stays and says so. */
export function orderWarnings(
  order: Pick<Order, 'mailSentToCustomer' | 'mailSentToCarrier' | 'showInCalendar'>,
  mailOff = false,
): OrderWarning[] {
  const warnings: OrderWarning[] = [];
  const toCustomer = !order.mailSentToCustomer;
  const toCarrier = !order.mailSentToCarrier;
  if (toCustomer || toCarrier) {
    const w = t.warnings;
    const notSent = toCustomer && toCarrier ? w.notSentToBoth : toCustomer ? w.notSentToCustomer : w.notSentToCarrier;
    const message = mailOff ? `${w.savedMailOff}. ${notSent}` : notSent;
    warnings.push({ kind: 'notSent', color: 'orange', message });
  }
  if (!order.showInCalendar) {
    warnings.push({ kind: 'hiddenInCalendar', color: 'red', message: t.warnings.hiddenInCalendar });
  }
  return warnings;
}

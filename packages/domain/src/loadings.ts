import { z } from 'zod';
import { PAGE_SIZES } from './constants.ts';
import { validationMessages as m } from './messages.ts';
import type { Order, OrderStatus } from './orders.ts';
import { CONVERTED_STATUS, optionalDate } from './shipments.ts';
import { optionalText } from './validation.ts';

/**
 * Loadings (SPEC §2, §4): the dispatcher confirms each loading and unloading as the driver reports it. The unloading
 * confirmation finishes an order (zakonczone once unloaded and paid) and is what triggers its invoice.
 */

/** Left out: required; anything but true or false: one of the two. */
const flag = () => z.boolean({ error: (issue) => (issue.input === undefined ? m.required : m.oneOf) });

/** POST /api/orders/{uuid}/loadingConfirmation. */
export const loadingConfirmationSchema = z.object({
  loadingFinished: flag(),
  loadingDate: optionalDate(),
  driverName: optionalText(255),
  truck: optionalText(32),
  trailer: optionalText(32),
});

/** POST /api/orders/{uuid}/unloadingConfirmation. */
export const unloadingConfirmationSchema = z.object({
  unloadingFinished: flag(),
  customerPaid: flag(),
  customerDateOfPayment: optionalDate(),
  unloadingDate: optionalDate(),
});

export type LoadingConfirmation = z.infer<typeof loadingConfirmationSchema>;
export type UnloadingConfirmation = z.infer<typeof unloadingConfirmationSchema>;

/** The answers: the order as GET reads it, and whether to ask for the invoice this confirmation calls for. */
export type LoadingConfirmationResult = Order & { askProForma: boolean };
export type UnloadingConfirmationResult = Order & { askVat: boolean };

/** GET /api/loadings/archive: an order with the invoices issued for it. */
export type ArchivedLoading = Order & {
  invoices: { '@id': string; uuid: string; number: string; type: 'vat' | 'proforma' | 'corrective' }[];
};

/**
 * SPEC §4: an order is zakonczone when it is unloaded and the customer has paid, otherwise aktywne. A cancelled
 * order stays cancelled, and one converted into a query is no longer an order's business.
 */
export function statusAfterUnloading(
  current: OrderStatus | typeof CONVERTED_STATUS,
  unloadingFinished: boolean,
  customerPaid: boolean,
): OrderStatus | typeof CONVERTED_STATUS {
  if (current === 'anulowane' || current === CONVERTED_STATUS) return current;
  return unloadingFinished && customerPaid ? 'zakonczone' : 'aktywne';
}

/**
 * What the calendar reads of each order (API Platform's property filter, `properties[]=…`): a month is thousands of
 * orders, and an event shows only these.
 */
export const CALENDAR_PROPERTIES = {
  top: [
    'number',
    'status',
    'loadingDate',
    'unloadingDate',
    'loadingFinished',
    'unloadingFinished',
    'loadingCity',
    'unloadingCity',
    'truck',
    // Issue 39: the kept ETA's status, which colours a late event before its date has passed.
    'etaStatus',
  ],
  customer: ['companyName', 'name'],
  carrier: ['companyName', 'name'],
} as const;

/** The query parameters of CALENDAR_PROPERTIES. */
export const calendarPropertyParams = (): Record<string, string[]> => ({
  'properties[]': [...CALENDAR_PROPERTIES.top],
  'properties[customer][]': [...CALENDAR_PROPERTIES.customer],
  'properties[carrier][]': [...CALENDAR_PROPERTIES.carrier],
});

/** The archive's page size (numeric pagination). */
export const LOADINGS_ARCHIVE_PAGE_SIZE = PAGE_SIZES.tasks;

export const loadingMessages = {
  loadingTitle: 'Potwierdzenie załadunku',
  unloadingTitle: 'Potwierdzenie rozładunku',
  loadingFinished: 'Załadunek zakończony',
  unloadingFinished: 'Rozładunek zakończony',
  customerPaid: 'Klient opłacił',
  customerDateOfPayment: 'Data płatności klienta',
  loadingDate: 'Data załadunku',
  unloadingDate: 'Data rozładunku',
  driverName: 'Kierowca',
  truck: 'Ciągnik (nr rej.)',
  trailer: 'Naczepa (nr rej.)',
  preview: 'Podgląd zlecenia',
  loadingConfirmed: 'Załadunek został pomyślnie potwierdzony!',
  unloadingConfirmed: 'Rozładunek został pomyślnie potwierdzony!',
  confirmLoading: 'potwierdzania załadunku',
  confirmUnloading: 'potwierdzania rozładunku',
  askProForma: 'Czy wystawić fakturę ProForma?',
  askVat: 'Czy wystawić fakturę VAT?',
  calendarError: 'Wystąpił błąd podczas ładowania danych kalendarza!',
  /** The action of the calendar's error (SPEC §8), 'Wystąpił błąd podczas {action}!'. */
  calendarLoad: 'ładowania danych kalendarza',
  deletedOrder: 'To zlecenie zostało usunięte — nie można potwierdzić załadunku ani rozładunku.',
  convertedOrder: 'To zlecenie zostało zamienione w zapytanie — nie można potwierdzić załadunku ani rozładunku.',
  moved: 'Zmieniono datę',
  undo: 'Cofnij',
  undone: 'Przywrócono poprzednią datę.',
  notInCalendar: 'Zlecenie nie jest widoczne w kalendarzu — kliknij, aby je pokazać',
  shownInCalendar: 'Zlecenie jest teraz widoczne w kalendarzu.',
} as const;

import { z } from 'zod';

/**
 * Debtors (issue 26): a customer with a VAT invoice unpaid more than `debtorAfterDays` (a setting) after its payment
 * date. Proformas do not count; a corrective counts through the invoice it corrects (its due amount sits there);
 * a deleted invoice is gone. `overdueAmount` is what all the customer's VAT invoices past their date still owe, in
 * hundredths of PLN: an EUR invoice through its own rate (the NBP rate stored on the invoice), or the
 * 'Kurs euro (PLN)' setting when the invoice has none.
 */
export const DEFAULT_DEBTOR_AFTER_DAYS = 30;

/** What a customer read says about its debts. */
export type CustomerDebt = {
  debtor: boolean;
  /** Hundredths of PLN. */
  overdueAmount: number;
};

export const debtorMessages = {
  badge: 'Dłużnik',
  badgeTitle: (amount: string) => `Faktury po terminie: ${amount}`,
  filterLabel: 'Dłużnicy',
  overdueColumn: 'Zaległe po terminie',
  filterYes: 'Tylko dłużnicy',
  filterNo: 'Bez dłużników',
  confirmTitle: 'Klient jest dłużnikiem',
  confirmText: (amount: string) =>
    `Klient jest dłużnikiem — ma faktury nieopłacone po terminie na kwotę ${amount}. Czy na pewno zapisać zlecenie?`,
  blockedInfo: 'Zlecenia dla dłużników są zablokowane: zapisać je może tylko administrator, podając powód.',
  reasonLabel: 'Powód zapisu zlecenia dla dłużnika',
  reasonRequired: 'Podaj powód zapisu zlecenia dla dłużnika (co najmniej 3 znaki).',
  reasonTooLong: 'Powód może mieć najwyżej 1000 znaków.',
  confirm: 'Zapisz mimo to',
  cancel: 'Anuluj',
  /** The 422 a dispatcher gets with 'Blokuj zlecenia dla dłużników' on. */
  blocked: (numbers: readonly string[]) =>
    `Klient jest dłużnikiem — nie można zapisać zlecenia. Faktury po terminie: ${numbers.join(', ')}.`,
  /** The 422 an administrator gets without a reason. */
  reasonNeeded: (numbers: readonly string[]) =>
    `Klient jest dłużnikiem (faktury po terminie: ${numbers.join(', ')}). Aby zapisać zlecenie, podaj powód.`,
} as const;

/** POST /api/orders and the query's conversion: an administrator's reason to save an order for a debtor. */
export const debtorOverrideSchema = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z
    .string({ error: debtorMessages.reasonRequired })
    .trim()
    .min(3, { error: debtorMessages.reasonRequired })
    .max(1000, { error: debtorMessages.reasonTooLong })
    .optional(),
);

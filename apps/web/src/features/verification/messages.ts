import { verificationMessages as vm } from '@spedycja/domain';

/** Texts of the registers' checks on the customer and carrier modals (issue 24). */
export const verificationTexts = {
  gus: 'Pobierz z GUS',
  gusCheck: 'Sprawdź w GUS',
  gusAnswer: 'Dane z GUS',
  gusNotFound: 'GUS: nie znaleziono podmiotu o tym NIP',
  statusLabel: 'Status weryfikacji',
  vies: 'Sprawdź w VIES',
  whitelist: 'Sprawdź na białej liście',
  nipFirst: 'Najpierw wpisz NIP',
  saveFirst: 'Zapisz kontrahenta, aby sprawdzić go w rejestrach',
  regon: (regon: string) => `REGON ${regon}`,
  activity: 'Działalność',
  activityStatus: (status: string, date: string | null) =>
    status === 'nieznany'
      ? 'status nieznany (GUS nie przekazał pełnego raportu)'
      : date
        ? `${status} (od ${date})`
        : status,
  vatStatus: 'Status VAT',
  checkedOn: (date: string) => `sprawdzono ${date}`,
  accountsOnList: 'Rachunki na białej liście',
  addAccount: (account: string) => `Dodaj rachunek ${account}`,
  added: 'dodany',
  bankAccounts: 'Rachunki bankowe',
  bankAccountsHint: 'NRB (26 cyfr) lub IBAN PL; Enter dodaje rachunek',
  viesValid: 'VIES: numer VAT ważny',
  viesInvalid: 'VIES: numer VAT nieważny',
  viesUnavailable: 'VIES: nie można sprawdzić teraz',
  consultation: (n: string) => `Numer konsultacji ${n}`,
  history: 'Weryfikacje',
  historyEmpty: 'Brak weryfikacji',
  historyLabel: 'Historia weryfikacji',
  columns: { when: 'Kiedy', source: 'Źródło', outcome: 'Wynik', proof: 'Dowód', who: 'Kto', order: 'Zlecenie' },
  sources: { gus: 'GUS', vies: 'VIES', whitelist: 'Biała lista' } as Record<string, string>,
  outcomes: { ok: 'pozytywny', failed: 'negatywny', unavailable: 'nie można sprawdzić' } as Record<string, string>,
  override: (reason: string) => `Potwierdzenie administratora: ${reason}`,
  account: (account: string) => `Rachunek ${account}`,
  ocp: {
    title: 'Ubezpieczenie OCP i licencja',
    insurer: 'Ubezpieczyciel OCP',
    policyNumber: 'Numer polisy OCP',
    sum: 'Suma ubezpieczenia OCP',
    sumCurrency: 'Waluta sumy OCP',
    validFrom: 'OCP ważne od',
    validTo: 'OCP ważne do',
    licenceNumber: 'Numer licencji / zezwolenia',
    licenceValidTo: 'Licencja ważna do',
  },
  errorAction: 'sprawdzania w rejestrze',
  /** The lists' 'Weryfikacja' column: a short word that fits the column; the full status is its tooltip and name. */
  statusShort: { zweryfikowany: 'Tak', wygasla: 'Wygasła', niezweryfikowany: 'Nie' },
  overrides: {
    whitelist: {
      title: 'Rachunek spoza białej listy',
      risk: vm.whitelistUnconfirmed,
      reason: 'Powód zapłaty mimo braku potwierdzenia',
      confirm: 'Zapłać mimo to',
    },
    carrier: {
      title: 'Przewoźnik niezweryfikowany',
      risk: 'Przewoźnik nie jest zweryfikowany.',
      reason: 'Powód zapisu mimo braku weryfikacji',
      confirm: 'Zapisz mimo to',
    },
  },
  cancel: 'Anuluj',
  orderAccount: 'Rachunek przewoźnika do zapłaty',
  noAccounts: 'Przewoźnik nie ma rachunków — dodaj je w jego danych',
  pickCarrierFirst: 'Najpierw wybierz przewoźnika',
  orderWarnings: 'Ostrzeżenia o przewoźniku',
  unverifiedCarrier: 'Przewoźnik niezweryfikowany',
  verificationExpired: 'Weryfikacja przewoźnika wygasła',
  cargoValue: 'Wartość towaru',
  cargoValueCurrency: 'Waluta wartości towaru',
} as const;

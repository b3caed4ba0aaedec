/** What the exchange-rate endpoints answer when they cannot give a rate (Polish: shown to the user). */
export const exchangeRateMessages = {
  nbpUnavailable: 'Nie udało się pobrać kursu z NBP. Spróbuj ponownie później.',
  noRate: 'Brak kursu euro: NBP nie odpowiada, a w ustawieniach nie ma kursu — ustaw kurs euro (euroExchangeRate).',
  badDate: 'Podaj poprawną datę!',
} as const;

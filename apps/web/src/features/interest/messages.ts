/** Issue 26, interest and compensation: the texts of the 'Odsetki' window. */
export const interestUiMessages = {
  action: 'Odsetki',
  title: (number: string) => `Odsetki – faktura ${number}`,
  until: 'Odsetki do dnia',
  due: 'Termin płatności',
  paidOn: 'Zapłacona w całości',
  daysLate: 'Dni opóźnienia',
  periodsLabel: 'Odsetki w okresach',
  columns: { period: 'Okres', days: 'Dni', base: 'Podstawa', rate: 'Stawka', interest: 'Odsetki' },
  total: 'Razem odsetki',
  compensation: 'Rekompensata (art. 10)',
  compensationRate: (rate: string, table: string, date: string) =>
    `kurs średni NBP ${rate} zł, tabela ${table} z ${date}`,
  noCompensation: 'Rekompensata: NBP nie odpowiedział, kurs EUR nieznany.',
  typedRateHint:
    'Rekompensatę przelicza się po kursie średnim EUR z tabeli NBP z ostatniego dnia roboczego miesiąca przed ' +
    'terminem płatności. Podaj go z numerem tabeli, aby ją doliczyć; bez niego nota obejmie same odsetki.',
  typedRate: 'Kurs średni EUR (NBP)',
  typedTable: 'Numer tabeli NBP',
  createNote: 'Nota odsetkowa',
  noteCreated: 'Nota odsetkowa została utworzona!',
  noteError: 'tworzenia noty odsetkowej',
  notes: 'Wystawione noty',
  download: (number: string) => `Pobierz ${number}`,
  send: (number: string) => `Wyślij ${number}`,
  sent: 'Nota odsetkowa została dodana do wysyłki!',
  sendError: 'wysyłania noty odsetkowej',
  loading: 'Liczenie odsetek…',
  close: 'Zamknij',
} as const;

import { receivablesMessages } from '@spedycja/domain';

/** Texts of the payments screens (issue 26); the server's notifications come from the domain. */
export const paymentsUiMessages = {
  ...receivablesMessages,
  status: {
    niezaplacona: 'Niezapłacona',
    czesciowo: 'Częściowo zapłacona',
    zaplacona: 'Zapłacona',
    po_terminie: 'Po terminie',
  },
  methods: { przelew: 'Przelew', gotówka: 'Gotówka', kompensata: 'Kompensata' },
  /** '1 dzień po terminie', '2 dni po terminie'. */
  daysLate: (n: number) => `${n} ${n === 1 ? 'dzień' : 'dni'} po terminie`,
  rest: (amount: string) => `pozostało ${amount}`,
  open: 'Płatności',
  title: (number: string) => `Płatności faktury ${number}`,
  gross: 'Brutto',
  paid: 'Zapłacono',
  due: 'Do zapłaty',
  none: 'Brak zaksięgowanych płatności.',
  listLabel: 'Płatności faktury',
  columns: { date: 'Data', amount: 'Kwota', method: 'Sposób', note: 'Uwagi', by: 'Zaksięgował', state: 'Stan' },
  cancelled: (reason: string) => `Anulowana: ${reason}`,
  add: 'Zaksięguj płatność',
  fields: { date: 'Data wpływu', amount: 'Kwota', method: 'Sposób zapłaty', note: 'Uwagi' },
  payRest: 'Cała pozostała kwota',
  cancel: 'Anuluj płatność',
  cancelTitle: 'Anulować płatność?',
  cancelReason: 'Powód anulowania',
  confirmCancel: 'Anuluj płatność',
  back: 'Wróć',
  close: 'Zamknij',
  bookError: 'Nie udało się zaksięgować płatności',
  cancelError: 'Nie udało się anulować płatności',
  balance: 'Saldo klienta',
  balanceLine: (due: string, overdue: string) => `do zapłaty ${due}, w tym po terminie ${overdue}`,
  noBalance: 'Klient nie ma nierozliczonych faktur.',
} as const;

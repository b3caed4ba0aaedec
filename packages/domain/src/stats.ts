/**
 * Statistics and the payments cockpit (admins): the shapes of GET /api/stats and GET /api/payments, and their texts.
 * Money in PLN hundredths (EUR at each order's euroExchangeRate); rates in hundredths of a percent (2500 = 25,00 %).
 * zod-free, so that the stats page does not bring zod along.
 */

export type StatsFigures = {
  queries: number;
  orders: number;
  /** Orders made from the queries counted (the conversions keep the link both ways). */
  conversions: number;
  revenue: number;
  cost: number;
  margin: number;
};

export type StatsUserRef = { '@id': string; uuid: string; name: string } | null;

export type Stats = StatsFigures & {
  from: string;
  to: string;
  /** conversions ÷ queries, in hundredths of a percent; null without queries. */
  conversionRate: number | null;
  /** margin ÷ the revenue of the orders with both prices, in hundredths of a percent; null without such revenue. */
  marginPercent: number | null;
  byMonth: (StatsFigures & { month: string })[];
  byUser: (StatsFigures & { user: StatsUserRef })[];
};

export const PAYMENT_SIDES = ['customer', 'carrier'] as const;
export type PaymentSide = (typeof PAYMENT_SIDES)[number];
export const PAYMENT_STATES = ['overdue', 'due', 'all'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** One order still to be paid by its customer (a receivable) or to its carrier (a payable). */
export type Payment = {
  '@id': string;
  '@type': 'Payment';
  uuid: string;
  number: string;
  side: PaymentSide;
  party: { '@id': string; uuid: string; companyName: string | null; name: string | null } | null;
  amount: number | null;
  currency: string;
  /** The amount in PLN hundredths (EUR at the order's rate). */
  amountPln: number | null;
  /** YYYY-MM-DD, or null with a textual term. */
  paymentDate: string | null;
  paymentTerm: string | null;
  /** Days past the payment date (0 or less: not yet due); null without a date. */
  daysOverdue: number | null;
  loadingDate: string | null;
  /** A receivable: our latest VAT invoice; a payable: the carrier's invoice received from KSeF and matched to it. */
  invoice: { '@id': string; uuid: string; number: string } | null;
  /** A receivable: what the customer owes in the row's currency over all its unpaid VAT invoices (issue 26). */
  partyBalance: number | null;
  user: { '@id': string; uuid: string; name: string } | null;
  /** A payable (issue 25): the carrier's CMR and invoice are in; 'Gotowe do zapłaty' when both are. Null for receivables. */
  documents?: { cmr: boolean; invoice: boolean; readyToPay: boolean } | null;
};

export type PaymentTotal = { currency: string; amount: number; count: number };

export type PaymentsCollection = {
  'hydra:member': Payment[];
  'hydra:totalItems': number;
  totals: PaymentTotal[];
  /** More matches than the API sums (its count's cap): `totals` is empty; the screen asks for a narrower filter. */
  totalsCapped?: boolean;
};

export const statsMessages = {
  title: 'Statystyki',
  invalidDate: (name: string) => `Nieprawidłowa data „${name}”: podaj datę w formacie RRRR-MM-DD.`,
  missingDates: 'Podaj zakres dat: parametry „from” i „to” w formacie RRRR-MM-DD.',
  reversedDates: 'Data początkowa nie może być późniejsza niż data końcowa.',
  rangeTooLong: 'Zakres dat może obejmować najwyżej 10 lat.',
  invalidUser: 'Nieprawidłowy użytkownik.',
  invalidSide: 'Parametr „side” przyjmuje wartości customer lub carrier.',
  invalidState: 'Parametr „state” przyjmuje wartości overdue, due lub all.',
  markedPaid: 'Płatność została oznaczona jako opłacona!',
  alreadyPaid: 'Ta płatność jest już oznaczona jako opłacona.',
  notPayable: 'Tego zlecenia nie można oznaczyć jako opłaconego (anulowane, zamienione lub usunięte).',
} as const;

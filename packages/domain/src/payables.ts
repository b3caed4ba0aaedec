import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { formatMoney } from './format.ts';
import { validationMessages as m } from './messages.ts';
import { iriRef, optionalDate } from './shipments.ts';
import { bankAccountError } from './taxIds.ts';
import { hundredths, oneOf, optionalText, required } from './validation.ts';

/**
 * Issue 38, money out: carriers' invoices as payables (one invoice over several orders, part payments, correctives),
 * due from the issue date or from the arrival of the invoice with its documents (CMR), and the week's transfers
 * prepared as a batch and written as a bank file (Elixir-O, pain.001).
 */

/** Where a carrier's invoice came from. */
export const CARRIER_INVOICE_SOURCES = ['ksef', 'portal', 'hand'] as const;
export type CarrierInvoiceSource = (typeof CARRIER_INVOICE_SOURCES)[number];

/** From when the payment term counts: the issue date, or the arrival of the invoice with the documents. */
export const PAYMENT_TERM_FROM = ['issue', 'documents'] as const;
export type PaymentTermFrom = (typeof PAYMENT_TERM_FROM)[number];
export const paymentTermFromLabels: Record<PaymentTermFrom, string> = {
  issue: 'liczony od daty wystawienia',
  documents: 'liczony od otrzymania dokumentów',
};

export const CARRIER_INVOICE_STATUSES = [
  'czeka_na_dokumenty',
  'do_zaplaty',
  'po_terminie',
  'w_paczce',
  'zaplacona',
  'wstrzymana',
] as const;
export type CarrierInvoiceStatus = (typeof CARRIER_INVOICE_STATUSES)[number];
export const carrierInvoiceStatusLabels: Record<CarrierInvoiceStatus, string> = {
  czeka_na_dokumenty: 'Czeka na dokumenty',
  do_zaplaty: 'Do zapłaty',
  po_terminie: 'Po terminie',
  w_paczce: 'W paczce',
  zaplacona: 'Zapłacona',
  wstrzymana: 'Wstrzymana',
};

/** The 'Do zapłaty' list's views: `wstrzymane` are the held ones. */
export const PAYABLES_VIEWS = ['do_zaplaty', 'po_terminie', 'wstrzymane'] as const;
export type PayablesView = (typeof PAYABLES_VIEWS)[number];

export const PAYABLE_WARNING_CODES = [
  'amount_differs',
  'no_cmr',
  'whitelist_unconfirmed',
  'carrier_unverified',
] as const;
export type PayableWarningCode = (typeof PAYABLE_WARNING_CODES)[number];
export type PayableWarning = { code: PayableWarningCode; message: string };

export const payablesMessages = {
  title: 'Faktura przewoźnika',
  listTitle: 'Do zapłaty',
  waitsForDocuments: 'Czeka na dokumenty',
  amountDiffers: (amount: string, order: string) => `Kwota różni się od zlecenia ${order} o ${amount}`,
  noCmr: 'Brak dokumentów (CMR) — faktura wstrzymana',
  whitelistUnconfirmed: 'Rachunek nie jest potwierdzony na białej liście VAT',
  carrierUnverified: 'Przewoźnik nie jest zweryfikowany',
  ordersRequired: 'Wskaż co najmniej jedno zlecenie.',
  orderTwice: 'To zlecenie jest już na liście.',
  orderOtherCarrier: 'Zlecenie ma innego przewoźnika niż faktura.',
  orderNoCarrier: 'Zlecenie nie ma przewoźnika.',
  ordersSumDiffers: 'Suma kwot zleceń musi być równa kwocie netto faktury.',
  grossDiffers: 'Kwota brutto musi być sumą kwot netto i VAT.',
  numberTaken: 'Ta faktura przewoźnika jest już zapisana (ten sam numer i przewoźnik).',
  receivedBeforeIssue: 'Data otrzymania nie może być wcześniejsza niż data wystawienia.',
  documentsBeforeIssue: 'Data otrzymania dokumentów nie może być wcześniejsza niż data wystawienia.',
  correctedNotFound: 'Nie znaleziono korygowanej faktury tego przewoźnika.',
  correctiveOfCorrective: 'Korektę wystawia się do faktury pierwotnej, nie do korekty.',
  correctiveCurrency: 'Korekta musi być w walucie faktury korygowanej.',
  correctiveOrders: 'Korekta zmienia kwoty zleceń faktury korygowanej.',
  accountRequired: 'Podaj numer rachunku przewoźnika.',
  accountInvalid: 'Numer rachunku jest niepoprawny (suma kontrolna się nie zgadza).',
  rateRequired: 'Podaj kurs EUR (NBP z ostatniego dnia roboczego przed datą wystawienia).',
  locked: 'Faktura jest w paczce przelewów: najpierw anuluj paczkę.',
  paidLocked: 'Faktura jest zapłacona: zmień ją korektą.',
  ksefNotMatched: 'Faktura z KSeF nie jest przypisana do zlecenia: przypisz ją najpierw.',
  ksefTaken: 'Ta faktura z KSeF jest już zapisana jako faktura przewoźnika.',
  ksefNoCarrier: 'Nie znaleziono przewoźnika o NIP sprzedawcy tej faktury.',
  portalNotInvoice: 'Ten dokument nie jest fakturą przesłaną przez przewoźnika.',
  portalTaken: 'Ten dokument jest już zapisany jako faktura przewoźnika.',
  portalIncomplete: 'Przewoźnik nie podał numeru, daty i kwoty faktury: uzupełnij je.',
  portalAmountsNeeded:
    'Kwota brutto nie odpowiada cenie przewoźnika w zleceniu (VAT 0% lub 23%): podaj kwotę netto i VAT faktury.',
  created: 'Faktura przewoźnika została zapisana!',
  updated: 'Faktura przewoźnika została zmieniona!',
  // Transfer batches
  batchTitle: 'Przygotuj przelewy',
  batchEmpty: 'Wybierz co najmniej jedną fakturę do zapłaty.',
  batchNothing: 'Żadna z wybranych faktur nie może być zapłacona: zobacz powody.',
  notPayable: 'Ta faktura nie jest do zapłaty.',
  alreadyPaid: 'Ta faktura jest już zapłacona.',
  inBatch: 'Ta faktura jest już w paczce przelewów.',
  waitsForDocumentsRefused: 'Faktura czeka na dokumenty: nie ma jeszcze terminu płatności.',
  correctivePaysThroughParent: 'Korektę płaci się razem z fakturą korygowaną.',
  invoiceNotFound: 'Nie znaleziono tej faktury przewoźnika.',
  whitelistRefused:
    'Rachunek nie jest potwierdzony na białej liście VAT, a płatność przekracza 15 000 zł brutto: przelew wstrzymany (administrator może go zatwierdzić, podając powód).',
  mppRequired: 'Ta płatność wymaga mechanizmu podzielonej płatności (MPP).',
  mppNotPln: 'Podzielona płatność (MPP) dotyczy tylko przelewów w złotych.',
  mppNoVat: 'Podzielona płatność (MPP) wymaga kwoty VAT na fakturze.',
  mppNotListed: 'Tej faktury nie ma w paczce.',
  batchCancelled: 'Paczka przelewów jest anulowana.',
  batchPaid: 'Paczka przelewów jest już opłacona.',
  batchCancelReason: 'Podaj powód anulowania paczki (co najmniej 3 znaki)!',
  formatInvalid: 'Wybierz format pliku: elixir lub pain001.',
  elixirNotPln: 'Plik Elixir-O zawiera tylko przelewy w złotych: ta paczka ma przelewy w innej walucie.',
  companyAccountRequired: 'Uzupełnij rachunek firmy w ustawieniach (companyBankAccount), aby wygenerować plik.',
  batchSentPaid: 'Paczka oznaczona jako wysłana i opłacona.',
  transferNote: 'Przelew z paczki',
} as const;

/** Elixir-O and pain.001 allow these characters in names and titles (the banks' common set). */
export const BANK_TEXT_MAX = 140;

const accountField = () =>
  z
    .string({ error: m.required })
    .trim()
    .min(1, { error: payablesMessages.accountRequired })
    .max(64)
    .refine((v) => !bankAccountError(v), { error: payablesMessages.accountInvalid })
    .transform((v) => v.replace(/\s/g, '').toUpperCase());

const orderLine = z.object({
  order: required(iriRef('orders')),
  amount: required(hundredths(-2_000_000_000)),
});

const termDays = z.number({ error: m.numeric }).int({ error: m.numeric }).min(0, { error: m.numeric }).max(365, {
  error: m.numeric,
});

const invoiceFields = {
  carrier: required(iriRef('carriers')),
  number: required(
    z
      .string()
      .trim()
      .min(1, { error: m.required })
      .max(100, { error: m.maxLength(100) }),
  ),
  issueDate: required(optionalDate()),
  receivedDate: optionalDate(),
  documentsReceivedDate: optionalDate(),
  currency: oneOf(CURRENCIES).default('pln'),
  netAmount: required(hundredths(-2_000_000_000)),
  vatAmount: required(hundredths(-2_000_000_000)),
  grossAmount: required(hundredths(-2_000_000_000)),
  /** The EUR rate in ten-thousandths (4.3215 = 43215): NBP's of the last business day before the issue date. */
  exchangeRate: z.number({ error: m.numeric }).int({ error: m.numeric }).min(1).max(10_000_000).nullable().optional(),
  bankAccount: accountField().nullable().optional(),
  orders: z.array(orderLine).max(200).optional(),
  paymentTermDays: termDays.optional(),
  paymentTermFrom: oneOf(PAYMENT_TERM_FROM).optional(),
  /** A corrective invoice: the invoice it corrects; its amounts are the change (negative for a reduction). */
  corrects: iriRef('carrier_invoices').nullable().optional(),
  note: optionalText(1000),
};

/** POST /api/carrier_invoices */
export const carrierInvoiceCreateSchema = z.object(invoiceFields);
export type CarrierInvoiceCreate = z.input<typeof carrierInvoiceCreateSchema>;
export type CarrierInvoiceCreateData = z.infer<typeof carrierInvoiceCreateSchema>;

/** PUT /api/carrier_invoices/{uuid}: a partial update (If-Match). */
export const carrierInvoiceUpdateSchema = z.object({
  number: invoiceFields.number.optional(),
  issueDate: invoiceFields.issueDate.optional(),
  receivedDate: optionalDate(),
  documentsReceivedDate: optionalDate(),
  netAmount: invoiceFields.netAmount.optional(),
  vatAmount: invoiceFields.vatAmount.optional(),
  grossAmount: invoiceFields.grossAmount.optional(),
  exchangeRate: invoiceFields.exchangeRate,
  bankAccount: invoiceFields.bankAccount,
  orders: invoiceFields.orders,
  paymentTermDays: termDays.optional(),
  paymentTermFrom: oneOf(PAYMENT_TERM_FROM).optional(),
  note: optionalText(1000),
});
export type CarrierInvoiceUpdate = z.input<typeof carrierInvoiceUpdateSchema>;
export type CarrierInvoiceUpdateData = z.infer<typeof carrierInvoiceUpdateSchema>;

/** POST /api/carrier_invoices/from_ksef/{uuid} and from_portal/{uuid}: what the office adds in its one click. */
export const carrierInvoiceConfirmSchema = z
  .object({
    receivedDate: optionalDate(),
    documentsReceivedDate: optionalDate(),
    bankAccount: invoiceFields.bankAccount,
    paymentTermDays: termDays.optional(),
    paymentTermFrom: oneOf(PAYMENT_TERM_FROM).optional(),
    exchangeRate: invoiceFields.exchangeRate,
  })
  .default({});

export type CarrierInvoiceOrder = {
  order: {
    '@id': string;
    uuid: string;
    number: string | null;
    carrierPrice: number | null;
    carrierPriceCurrency: string;
  };
  amount: number;
};

/** A carrier's invoice as the API answers it. */
export type CarrierInvoice = {
  '@id': string;
  '@type': 'CarrierInvoice';
  uuid: string;
  version: number;
  type: 'vat' | 'corrective';
  source: CarrierInvoiceSource;
  carrier: { '@id': string; uuid: string; name: string | null; nip: string | null };
  number: string;
  issueDate: string;
  receivedDate: string | null;
  documentsReceivedDate: string | null;
  currency: string;
  netAmount: number;
  vatAmount: number;
  grossAmount: number;
  exchangeRate: number | null;
  bankAccount: string | null;
  paymentTermDays: number;
  paymentTermFrom: PaymentTermFrom;
  dueDate: string | null;
  paidAmount: number;
  dueAmount: number;
  status: CarrierInvoiceStatus;
  warnings: PayableWarning[];
  orders: CarrierInvoiceOrder[];
  corrects: { '@id': string; uuid: string; number: string } | null;
  receivedInvoice: { '@id': string; uuid: string } | null;
  note: string | null;
  createdAt: string;
};

// ---- Transfer batches ----

export const transferBatchCreateSchema = z.object({
  invoices: z.array(required(iriRef('carrier_invoices'))).max(2000),
  /** The invoices paid with split payment (MPP); a list of IRIs, or `{iri: true}`. */
  mpp: z
    .union([
      z.array(iriRef('carrier_invoices')).max(2000),
      z.record(z.string(), z.boolean()).transform((map) =>
        Object.entries(map)
          .filter(([, on]) => on)
          .map(([key]) => key),
      ),
    ])
    .optional(),
  whitelistOverrides: z
    .array(
      z.object({
        invoice: required(iriRef('carrier_invoices')),
        reason: z.string().trim().min(3, { error: 'Podaj powód (co najmniej 3 znaki)!' }).max(1000),
      }),
    )
    .max(2000)
    .optional(),
  /** The day the bank is to execute the transfers (default: today). */
  executionDate: optionalDate(),
});
export type TransferBatchCreate = z.input<typeof transferBatchCreateSchema>;
export type TransferBatchCreateData = z.infer<typeof transferBatchCreateSchema>;

export const transferBatchCancelSchema = z.object({
  reason: z
    .string({ error: payablesMessages.batchCancelReason })
    .trim()
    .min(3, { error: payablesMessages.batchCancelReason })
    .max(500, { error: m.maxLength(500) }),
});

export const TRANSFER_FILE_FORMATS = ['elixir', 'pain001'] as const;
export type TransferFileFormat = (typeof TRANSFER_FILE_FORMATS)[number];

export const TRANSFER_BATCH_STATUSES = ['przygotowana', 'wyeksportowana', 'oplacona', 'anulowana'] as const;
export type TransferBatchStatus = (typeof TRANSFER_BATCH_STATUSES)[number];

export type WhitelistLineStatus = 'confirmed' | 'unconfirmed' | 'overridden' | 'not_required' | 'foreign';

export type TransferLine = {
  uuid: string;
  invoices: { '@id': string; uuid: string; number: string; amount: number }[];
  carrier: { '@id': string; uuid: string; name: string | null; nip: string | null };
  account: string;
  amount: number;
  currency: string;
  title: string;
  mpp: boolean;
  vatAmount: number;
  whitelist: { status: WhitelistLineStatus; requestId: string | null; overrideReason: string | null };
  paid: boolean;
};

export type TransferRefusal = { invoice: string; number?: string; code: string; message: string };

export type TransferBatch = {
  '@id': string;
  '@type': 'TransferBatch';
  uuid: string;
  version: number;
  status: TransferBatchStatus;
  executionDate: string;
  lines: TransferLine[];
  refused: TransferRefusal[];
  totals: { currency: string; amount: number; count: number }[];
  exportedAt: string | null;
  cancelReason: string | null;
  createdAt: string;
};

/** `/VAT/{vat}/IDC/{NIP}/INV/{number}/TXT/{text}`: the banks' split-payment title (the VAT as 123,45). */
export function mppTitle(vatAmount: number, nip: string, invoiceNumber: string, text: string): string {
  const vat = (vatAmount / 100).toFixed(2).replace('.', ',');
  return `/VAT/${vat}/IDC/${nip}/INV/${invoiceNumber.slice(0, 35)}/TXT/${text.slice(0, 33)}`;
}

/** 'Kwota różni się od zlecenia o X' with the order named. */
export const amountDiffersMessage = (difference: number, currency: string, orderNumber: string) =>
  payablesMessages.amountDiffers(formatMoney(difference, currency), orderNumber);

// ---- Cash flow ----

export type CashflowWeek = {
  week: string;
  from: string;
  to: string;
  inflow: number;
  outflow: number;
  difference: number;
};
export type Cashflow = {
  currency: string;
  overdueInflow: number;
  overdueOutflow: number;
  waitingForDocuments: number;
  weeks: CashflowWeek[];
};

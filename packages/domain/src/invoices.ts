import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { type InvoiceTotals, VAT_NOT_TAXABLE, VAT_RATES } from './invoiceMath.ts';
import type { KsefStatus } from './ksef.ts';
import { validationMessages as m, partyMessages } from './messages.ts';
import { CUSTOMER_PAYMENT_TERMS } from './orders.ts';
import { countryCode, withDefault } from './parties.ts';
import type { InvoicePaymentStatus } from './receivables.ts';
import { iriRef, optionalDate } from './shipments.ts';
import { isValidPolishNip, needsPolishNipCheck, normaliseTaxId } from './taxIds.ts';
import { oneOf, optionalEmail, optionalText, requiredText } from './validation.ts';

/** Invoices (SPEC §3 Invoice, Invoice position; §5 the invoice modal's rules). */

export const INVOICE_TYPES = ['vat', 'proforma', 'corrective'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/** The document's title: 'Faktura VAT nr 3/11/2026'. */
export const invoiceTypeTitles: Record<InvoiceType, string> = {
  vat: 'Faktura VAT',
  proforma: 'Faktura ProForma',
  corrective: 'Faktura korygująca',
};

export const PAYMENT_METHODS = ['przelew', 'gotowka', 'karta', 'kompensata'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'przelew';
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  przelew: 'przelew',
  gotowka: 'gotówka',
  karta: 'karta płatnicza',
  kompensata: 'kompensata',
};

/** Where an EUR invoice's rate comes from: NBP's table A, the euroExchangeRate setting (offline), or typed. */
export const EXCHANGE_RATE_SOURCES = ['nbp', 'settings', 'manual'] as const;
export type ExchangeRateSource = (typeof EXCHANGE_RATE_SOURCES)[number];

export const DEFAULT_POSITION_UNIT = 'km';
export const TRANSPORT_SERVICE_TITLE = 'Usługa transportu';
export const REVERSE_CHARGE_NOTE = 'odwrotne obciążenie';
export const INTERNATIONAL_TRANSPORT_NOTE = 'Stawka 0% – art. 83 ust. 1 pkt 23 ustawy o VAT (transport międzynarodowy)';

/** EU member states by the prefix of their VAT ids (Greece is EL; XI is Northern Ireland). */
export const EU_VAT_PREFIXES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'EL',
  'HR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'XI',
] as const;
/** Whether a country (ISO 3166 code; Greece GR) is an EU member state. */
export const euCountry = (iso: string | null | undefined) =>
  !!iso && (EU_VAT_PREFIXES as readonly string[]).includes(iso === 'GR' ? 'EL' : iso);

/** 'DE811569869' -> {prefix: 'DE', number: '811569869'} when it looks like an EU VAT id; null otherwise. */
export function euVatId(taxId: string | null | undefined): { prefix: string; number: string } | null {
  if (!taxId) return null;
  const id = normaliseTaxId(taxId);
  const match = /^([A-Z]{2})([0-9A-Z+*]{2,12})$/.exec(id);
  if (!match?.[1] || !match[2] || !(EU_VAT_PREFIXES as readonly string[]).includes(match[1])) return null;
  return { prefix: match[1], number: match[2] };
}

export const invoiceMessages = {
  created: 'Faktura została pomyślnie dodana!',
  updated: 'Faktura została pomyślnie zaktualizowana!',
  deleted: 'Faktura została pomyślnie usunięta!',
  sent: 'Faktura została wysłana do nabywcy!',
  markedPaid: 'Faktura została oznaczona jako zapłacona!',
  markedUnpaid: 'Faktura została oznaczona jako niezapłacona!',
  loadList: 'ładowania faktur',
  loadOne: 'ładowania faktury',
  create: 'tworzenia faktury',
  update: 'aktualizacji faktury',
  remove: 'usuwania faktury',
  send: 'wysyłania faktury',
  download: 'pobierania faktury',
  loadDraft: 'przygotowania faktury',
  noEmail: 'Faktura nie ma adresu e-mail nabywcy — nie można jej wysłać.',
  notDeletable: 'Faktury VAT ani korygującej nie można usunąć — wystaw fakturę korygującą.',
  proformaHasNoXml: 'Faktura ProForma nie jest fakturą VAT — nie ma dla niej pliku FA(3).',
  numberTaken: 'Faktura tego rodzaju o podanym numerze już istnieje!',
  correctedDateMissing: 'Podaj datę wystawienia faktury korygowanej!',
  positionsRequired: 'Faktura musi mieć co najmniej jedną pozycję!',
  amountPositive: 'Ilość musi być większa od zera!',
  nettoNotNegative: 'Cena netto nie może być ujemna (różnice podaje się na fakturze korygującej)!',
  vatRateInvalid: 'Wybierz stawkę VAT z listy!',
  paymentRequired: 'Podaj termin płatności!',
  typeChange: 'Rodzaju faktury nie można zmienić.',
  rateFromSettings: 'Kurs z ustawień (brak połączenia z NBP) — sprawdź go i potwierdź.',
  rateFromNbp: (table: string, date: string) => `Kurs średni NBP z tabeli ${table} z dnia ${date}`,
  /** A new invoice dated before the month's latest one still takes the next number: said, not refused (issue 34). */
  datedBeforeLast: (number: string, later: string, laterDate: string) =>
    `Faktura z datą wcześniejszą niż ostatnia w tym miesiącu: otrzymała numer ${number}, choć faktura ${later} ma datę ${laterDate}. Sprawdź datę wystawienia.`,
} as const;

/** Integers in hundredths that may be negative (a corrective invoice's differences). */
const money = () =>
  z
    .number({ error: m.numeric })
    .int({ error: m.numeric })
    .min(-2_000_000_000, { error: m.numeric })
    .max(2_000_000_000, { error: m.numeric });

const vatRate = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: invoiceMessages.vatRateInvalid })
      .refine((v) => (VAT_RATES as readonly number[]).includes(v), { error: invoiceMessages.vatRateInvalid }),
  );

const bool = () => z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: m.oneOf }).optional());

/** One position as the client sends it; nettoValue, vatValue and bruttoValue are the server's to compute. */
export const invoicePositionFields = {
  title: requiredText(512),
  amount: z
    .number({ error: m.numeric })
    .int({ error: m.numeric })
    .min(-1_000_000, { error: m.numeric })
    .max(1_000_000, { error: m.maxValue('1000000') }),
  unit: withDefault(requiredText(20), DEFAULT_POSITION_UNIT),
  netto: money(),
  vatRate: vatRate(),
};
export const invoicePositionInputSchema = z.object(invoicePositionFields);
export type InvoicePositionInput = z.infer<typeof invoicePositionInputSchema>;

/** POST /api/invoice_positions: a position of the invoice given as an IRI (the original client's second step). */
export const invoicePositionCreateSchema = z.object({
  invoice: z
    .string({ error: m.required })
    .regex(/^(\/api\/invoices\/)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, {
      error: m.oneOf,
    }),
  ...invoicePositionFields,
});
export const invoicePositionUpdateSchema = z.object({
  title: requiredText(512).optional(),
  amount: invoicePositionFields.amount.optional(),
  unit: requiredText(20).optional(),
  netto: money().optional(),
  vatRate: vatRate().optional(),
});
export type InvoicePositionCreate = z.infer<typeof invoicePositionCreateSchema>;
export type InvoicePositionUpdate = z.infer<typeof invoicePositionUpdateSchema>;

const requiredDate = () =>
  z.preprocess((v) => (v === undefined ? null : v), optionalDate().pipe(z.string({ error: m.required })));

/** The fields every invoice form edits (SPEC §3, plus what a real invoice needs). */
const invoiceEditableFields = {
  number: optionalText(40),
  description: optionalText(2000),
  vendorBankAccount: optionalText(40),
  customer: iriRef('customers'),
  customerCountry: countryCode(),
  customerEmail: optionalEmail(),
  correctedDocumentDate: optionalDate(),
  correctedInvoice: iriRef('invoices'),
  orderEntity: iriRef('orders'),
  orderProFormaEntity: iriRef('orders'),
  paymentDateString: z.enum(CUSTOMER_PAYMENT_TERMS, { error: m.oneOf }).nullable().optional(),
  invoiceSent: bool(),
  paid: bool(),
  paidDate: optionalDate(),
  reverseCharge: bool(),
  exchangeRate: z
    .number({ error: m.numeric })
    .int({ error: m.numeric })
    .min(1, { error: m.minValue('0,0001') })
    .max(1_000_000, { error: m.numeric })
    .nullable()
    .optional(),
  exchangeRateSource: z.enum(EXCHANGE_RATE_SOURCES, { error: m.oneOf }).nullable().optional(),
  exchangeRateTable: optionalText(40),
  exchangeRateDate: optionalDate(),
  invoicePositions: z
    .array(invoicePositionInputSchema)
    .max(500, { error: m.maxValue(500) })
    .optional(),
};

/** Required on every invoice (SPEC §5): dates, payment, currency, the vendor and the customer. */
const invoiceRequiredFields = {
  createdDate: requiredDate(),
  saleDate: requiredDate(),
  paymentDate: optionalDate(),
  paymentMethod: oneOf(PAYMENT_METHODS),
  currency: z.enum(CURRENCIES, { error: m.oneOf }),
  vendorName: requiredText(255),
  vendorNip: requiredText(20),
  vendorStreetAddress: requiredText(255),
  vendorPostalCode: requiredText(20),
  vendorCity: requiredText(120),
  customerName: requiredText(255),
  customerNip: requiredText(20),
  customerStreetAddress: requiredText(255),
  customerPostalCode: requiredText(20),
  customerCity: requiredText(120),
  correctionReason: optionalText(1000),
  correctedDocumentNumber: optionalText(40),
};

export type InvoiceLike = {
  type?: string | null;
  paymentDate?: string | null;
  paymentDateString?: string | null;
  vendorNip?: string | null;
  customerNip?: string | null;
  customerCountry?: string | null;
  correctionReason?: string | null;
  correctedDocumentNumber?: string | null;
  invoicePositions?: readonly { amount: number; netto: number }[];
};

/** Rules across fields, run on a new invoice and on the merged record of an update; the web form runs them too. */
export function invoiceIssues(inv: InvoiceLike): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (!inv.paymentDate && !inv.paymentDateString) issues.push({ path: 'paymentDate', message: m.required });
  if (inv.vendorNip && needsPolishNipCheck(inv.vendorNip, 'PL') && !isValidPolishNip(inv.vendorNip)) {
    issues.push({ path: 'vendorNip', message: partyMessages.nipInvalid });
  }
  const customerCountry = inv.customerCountry ?? 'PL';
  if (inv.customerNip && needsPolishNipCheck(inv.customerNip, customerCountry) && !isValidPolishNip(inv.customerNip)) {
    issues.push({ path: 'customerNip', message: partyMessages.nipInvalid });
  }
  if (inv.type === 'corrective') {
    if (!inv.correctionReason?.trim()) issues.push({ path: 'correctionReason', message: m.required });
    if (!inv.correctedDocumentNumber?.trim()) issues.push({ path: 'correctedDocumentNumber', message: m.required });
  } else {
    inv.invoicePositions?.forEach((p, i) => {
      if (p.amount < 1) issues.push({ path: `invoicePositions.${i}.amount`, message: invoiceMessages.amountPositive });
      if (p.netto < 0) issues.push({ path: `invoicePositions.${i}.netto`, message: invoiceMessages.nettoNotNegative });
    });
  }
  return issues;
}

const refineInvoice = (value: InvoiceLike, ctx: z.RefinementCtx) => {
  for (const issue of invoiceIssues(value)) {
    ctx.addIssue({
      code: 'custom',
      path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      message: issue.message,
    });
  }
};

export const invoiceCreateSchema = z
  .object({
    type: oneOf(INVOICE_TYPES),
    ...invoiceRequiredFields,
    ...invoiceEditableFields,
    /** 'Dodaj i wyślij': e-mail the PDF once the invoice and its positions are in. */
    sendMail: bool(),
  })
  .superRefine(refineInvoice);

export const invoiceUpdateSchema = z.object({
  type: oneOf(INVOICE_TYPES).optional(),
  createdDate: optionalDate(),
  saleDate: optionalDate(),
  paymentDate: optionalDate(),
  paymentMethod: oneOf(PAYMENT_METHODS).optional(),
  currency: z.enum(CURRENCIES, { error: m.oneOf }).optional(),
  vendorName: requiredText(255).optional(),
  vendorNip: requiredText(20).optional(),
  vendorStreetAddress: requiredText(255).optional(),
  vendorPostalCode: requiredText(20).optional(),
  vendorCity: requiredText(120).optional(),
  customerName: requiredText(255).optional(),
  customerNip: requiredText(20).optional(),
  customerStreetAddress: requiredText(255).optional(),
  customerPostalCode: requiredText(20).optional(),
  customerCity: requiredText(120).optional(),
  correctionReason: optionalText(1000),
  correctedDocumentNumber: optionalText(40),
  ...invoiceEditableFields,
});

export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;
export type InvoiceUpdate = z.infer<typeof invoiceUpdateSchema>;

/** The keys of an invoice payload, in the order they travel (a create sends each one, null when missing). */
export const INVOICE_PAYLOAD_KEYS = [
  'type',
  'number',
  'createdDate',
  'saleDate',
  'paymentDate',
  'paymentDateString',
  'paymentMethod',
  'currency',
  'description',
  'vendorName',
  'vendorNip',
  'vendorStreetAddress',
  'vendorPostalCode',
  'vendorCity',
  'vendorBankAccount',
  'customer',
  'customerName',
  'customerNip',
  'customerStreetAddress',
  'customerPostalCode',
  'customerCity',
  'customerCountry',
  'customerEmail',
  'correctionReason',
  'correctedDocumentNumber',
  'correctedDocumentDate',
  'correctedInvoice',
  'orderEntity',
  'orderProFormaEntity',
  'paid',
  'paidDate',
  'reverseCharge',
  'exchangeRate',
  'exchangeRateSource',
  'exchangeRateTable',
  'exchangeRateDate',
] as const satisfies readonly (keyof InvoiceCreate)[];

export type InvoicePosition = {
  '@id': string;
  '@type': 'InvoicePosition';
  id: number;
  uuid: string;
  invoice: string;
  title: string;
  amount: number;
  unit: string;
  netto: number;
  nettoValue: number;
  vatRate: number;
  vatValue: number;
  bruttoValue: number;
};

export type InvoiceOrderRef = { '@id': string; uuid: string; id: number; number: string };

/** GET /api/invoices(/{uuid}): the invoice, its positions and the totals the server computed (hundredths). */
export type Invoice = {
  '@id': string;
  '@type': 'Invoice';
  id: number;
  uuid: string;
  /** Bumped on every change; sent back as If-Match. */
  version: number;
  type: InvoiceType;
  number: string;
  createdDate: string;
  saleDate: string;
  paymentDate: string | null;
  paymentDateString: string | null;
  paymentMethod: PaymentMethod;
  currency: string;
  description: string | null;
  vendorName: string;
  vendorNip: string;
  vendorStreetAddress: string;
  vendorPostalCode: string;
  vendorCity: string;
  vendorBankAccount: string | null;
  customer: { '@id': string; uuid: string; companyName: string | null; name: string | null } | null;
  customerName: string;
  customerNip: string;
  customerStreetAddress: string;
  customerPostalCode: string;
  customerCity: string;
  customerCountry: string;
  customerEmail: string | null;
  correctionReason: string | null;
  correctedDocumentNumber: string | null;
  correctedDocumentDate: string | null;
  correctedInvoice: { '@id': string; uuid: string; number: string } | null;
  orderEntity: InvoiceOrderRef | null;
  orderProFormaEntity: InvoiceOrderRef | null;
  invoiceSent: boolean;
  paid: boolean;
  paidDate: string | null;
  reverseCharge: boolean;
  exchangeRate: number | null;
  exchangeRateSource: ExchangeRateSource | null;
  exchangeRateTable: string | null;
  exchangeRateDate: string | null;
  totalNet: number;
  totalVat: number;
  totalGross: number;
  /** Issue 26: booked payments (live) and what is still due (a VAT invoice with its corrections), hundredths. */
  paidAmount: number;
  dueAmount: number;
  paymentStatus: InvoicePaymentStatus;
  /** Days past the payment date while something is due (0 otherwise). */
  daysOverdue: number;
  /** Per VAT rate, highest first; for an EUR invoice `vatPln` is the VAT in złoty at the invoice's rate. */
  totalsByRate: (InvoiceTotals['byRate'][number] & { vatPln: number | null })[];
  totalVatPln: number | null;
  invoicePositions: InvoicePosition[];
  /** KSeF: the state there, the number and time of acceptance, KSeF's error (code and message) when rejected. */
  ksefStatus: KsefStatus;
  ksefNumber: string | null;
  ksefAcceptedAt: string | null;
  ksefError: { code: number | null; message: string; details?: string[] } | null;
  /** SHA-256 (Base64) of the XML sent: KOD I's link. */
  ksefHash: string | null;
  /** An offline invoice's issue time and the deadline to send it to KSeF. */
  ksefOfflineAt: string | null;
  ksefOfflineDeadline: string | null;
  createdAt: string;
  /** Only in the answer of POST /api/invoices: what the issuer should know but that did not stop the invoice. */
  warning?: string;
};

export type InvoiceSendResult = { message: string; invoice: Invoice };

/** The month's sums under the table, per currency. */
export type InvoiceSummary = {
  currencies: { currency: string; count: number; totalNet: number; totalVat: number; totalGross: number }[];
};

/** What a new invoice starts from (an order, a ProForma, the invoice a corrective corrects): a create payload. */
export type InvoiceDraft = Partial<Record<(typeof INVOICE_PAYLOAD_KEYS)[number], unknown>> & {
  type: InvoiceType;
  invoicePositions: InvoicePositionInput[];
  /** Why the proposed VAT rate, in Polish (shown under the positions). */
  vatNote: string | null;
};

/** An NBP rate (or the settings' fallback) for an EUR invoice. */
export type ExchangeRateQuote = {
  rate: number;
  source: ExchangeRateSource;
  table: string | null;
  date: string | null;
};

/**
 * The VAT an order proposes (SPEC §9, issue 12): a business customer with an EU VAT id outside Poland 'Nie podlega'
 * with reverse charge (the service is taxed where the customer is); a domestic route for a Polish customer 23 %; an
 * international route 0 % (art. 83 ust. 1 pkt 23); otherwise the default rate of the settings.
 */
export function proposeVat(
  shipment: {
    loadingCountry: string | null;
    unloadingCountry: string | null;
    customerCountry: string | null;
    customerNip: string | null;
  },
  defaultRate: number,
): { vatRate: number; reverseCharge: boolean; note: string | null } {
  const customerCountry = shipment.customerCountry ?? 'PL';
  const vatId = euVatId(shipment.customerNip);
  const foreignEuBusiness = customerCountry !== 'PL' && euCountry(customerCountry) && !!vatId && vatId.prefix !== 'PL';
  if (foreignEuBusiness) return { vatRate: VAT_NOT_TAXABLE, reverseCharge: true, note: REVERSE_CHARGE_NOTE };
  const domestic = (shipment.loadingCountry ?? 'PL') === 'PL' && (shipment.unloadingCountry ?? 'PL') === 'PL';
  if (domestic && customerCountry === 'PL') return { vatRate: 2300, reverseCharge: false, note: null };
  if (!domestic) return { vatRate: 0, reverseCharge: false, note: INTERNATIONAL_TRANSPORT_NOTE };
  return { vatRate: defaultRate, reverseCharge: false, note: null };
}

import {
  DEFAULT_PAYMENT_METHOD,
  DEFAULT_POSITION_UNIT,
  fieldErrors,
  INVOICE_PAYLOAD_KEYS,
  type Invoice,
  type InvoiceCreate,
  type InvoiceDraft,
  type InvoicePositionInput,
  type InvoiceType,
  invoiceCreateSchema,
  invoiceIssues,
  invoiceTotals,
  parseExchangeRate,
  positionValues,
  rateToDecimal,
  validationMessages,
} from '@spedycja/domain';
import { withTopLevelPaths } from '../../../lib/forms.ts';
import type { CustomerRef } from '../../customers/index.ts';

/**
 * The invoice form's values (text as typed, amounts in hundredths as MoneyInput holds them), built from an invoice, a
 * draft or the settings, and the payload they make: every field, null when missing (SPEC §5), the positions inline.
 * The form validates with the domain's schema, the same the server checks.
 */

export type PositionFormValues = {
  /** A stable key for React while rows are added and removed. */
  key: string;
  title: string;
  amount: string;
  unit: string;
  netto: number | null;
  /** The rate in hundredths as text ('2300', '-100'), as the select holds it. */
  vatRate: string;
};

export type InvoiceFormValues = {
  type: InvoiceType;
  number: string;
  createdDate: string | null;
  saleDate: string | null;
  paymentDate: string | null;
  paymentDateString: string | null;
  paymentMethod: string;
  currency: string;
  description: string;
  vendorName: string;
  vendorNip: string;
  vendorStreetAddress: string;
  vendorPostalCode: string;
  vendorCity: string;
  vendorBankAccount: string;
  customer: CustomerRef;
  customerName: string;
  customerNip: string;
  customerStreetAddress: string;
  customerPostalCode: string;
  customerCity: string;
  customerCountry: string | null;
  customerEmail: string;
  correctionReason: string;
  correctedDocumentNumber: string;
  correctedDocumentDate: string | null;
  correctedInvoice: string | null;
  orderEntity: string | null;
  orderProFormaEntity: string | null;
  paid: boolean;
  paidDate: string | null;
  reverseCharge: boolean;
  /** The rate as typed ('4,3215'); '' for none. */
  exchangeRate: string;
  exchangeRateSource: string | null;
  exchangeRateTable: string | null;
  exchangeRateDate: string | null;
  invoicePositions: PositionFormValues[];
};

let keySeq = 0;
export const newPositionKey = () => `p${++keySeq}`;

export const emptyPosition = (vatRate = 2300): PositionFormValues => ({
  key: newPositionKey(),
  title: '',
  amount: '1',
  unit: DEFAULT_POSITION_UNIT,
  netto: null,
  vatRate: String(vatRate),
});

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const day = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, 10) : null);

const positionToForm = (p: Pick<InvoicePositionInput, 'title' | 'amount' | 'unit' | 'netto' | 'vatRate'>) => ({
  key: newPositionKey(),
  title: p.title,
  amount: String(p.amount),
  unit: p.unit,
  netto: p.netto,
  vatRate: String(p.vatRate),
});

/** The seller's data from the settings (a new invoice starts with it). */
export function vendorFromSettings(settings: Record<string, string | null>) {
  return {
    vendorName: settings.companyName ?? '',
    vendorNip: settings.companyNip ?? '',
    vendorStreetAddress: settings.companyStreetAddress ?? '',
    vendorPostalCode: settings.companyPostalCode ?? '',
    vendorCity: settings.companyCity ?? '',
    vendorBankAccount: settings.companyBankAccount ?? '',
  };
}

export function emptyInvoiceForm(type: InvoiceType, settings: Record<string, string | null>, today: string) {
  return {
    type,
    number: '',
    createdDate: today,
    saleDate: today,
    paymentDate: null,
    paymentDateString: null,
    paymentMethod: DEFAULT_PAYMENT_METHOD,
    currency: 'pln',
    description: '',
    ...vendorFromSettings(settings),
    customer: null,
    customerName: '',
    customerNip: '',
    customerStreetAddress: '',
    customerPostalCode: '',
    customerCity: '',
    customerCountry: 'PL',
    customerEmail: '',
    correctionReason: '',
    correctedDocumentNumber: '',
    correctedDocumentDate: null,
    correctedInvoice: null,
    orderEntity: null,
    orderProFormaEntity: null,
    paid: false,
    paidDate: null,
    reverseCharge: false,
    exchangeRate: '',
    exchangeRateSource: null,
    exchangeRateTable: null,
    exchangeRateDate: null,
    invoicePositions: [emptyPosition()],
  } satisfies InvoiceFormValues;
}

/** A draft (from an order or another invoice) as the form's values. */
export function draftToForm(
  draft: InvoiceDraft,
  settings: Record<string, string | null>,
  today: string,
): InvoiceFormValues {
  const base = emptyInvoiceForm(draft.type, settings, today);
  const d = draft as Record<string, unknown>;
  const customer = typeof d.customer === 'string' ? d.customer : null;
  return {
    ...base,
    number: '',
    createdDate: day(d.createdDate) ?? today,
    saleDate: day(d.saleDate) ?? today,
    paymentDate: day(d.paymentDate),
    paymentDateString: (d.paymentDateString as string | null) ?? null,
    paymentMethod: text(d.paymentMethod) || DEFAULT_PAYMENT_METHOD,
    currency: text(d.currency) || 'pln',
    description: text(d.description),
    vendorName: text(d.vendorName) || base.vendorName,
    vendorNip: text(d.vendorNip) || base.vendorNip,
    vendorStreetAddress: text(d.vendorStreetAddress) || base.vendorStreetAddress,
    vendorPostalCode: text(d.vendorPostalCode) || base.vendorPostalCode,
    vendorCity: text(d.vendorCity) || base.vendorCity,
    vendorBankAccount: text(d.vendorBankAccount) || base.vendorBankAccount,
    customer: customer
      ? {
          '@id': customer,
          uuid: customer.split('/').at(-1) ?? customer,
          companyName: text(d.customerName) || null,
          name: null,
          nip: text(d.customerNip) || null,
        }
      : null,
    customerName: text(d.customerName),
    customerNip: text(d.customerNip),
    customerStreetAddress: text(d.customerStreetAddress),
    customerPostalCode: text(d.customerPostalCode),
    customerCity: text(d.customerCity),
    customerCountry: text(d.customerCountry) || 'PL',
    customerEmail: text(d.customerEmail),
    correctionReason: text(d.correctionReason),
    correctedDocumentNumber: text(d.correctedDocumentNumber),
    correctedDocumentDate: day(d.correctedDocumentDate),
    correctedInvoice: (d.correctedInvoice as string | null) ?? null,
    orderEntity: (d.orderEntity as string | null) ?? null,
    orderProFormaEntity: (d.orderProFormaEntity as string | null) ?? null,
    reverseCharge: d.reverseCharge === true,
    exchangeRate: typeof d.exchangeRate === 'number' ? rateToDecimal(d.exchangeRate).replace('.', ',') : '',
    exchangeRateSource: (d.exchangeRateSource as string | null) ?? null,
    exchangeRateTable: (d.exchangeRateTable as string | null) ?? null,
    exchangeRateDate: day(d.exchangeRateDate),
    invoicePositions: draft.invoicePositions.map(positionToForm),
  };
}

export function invoiceToForm(invoice: Invoice): InvoiceFormValues {
  return {
    type: invoice.type,
    number: invoice.number,
    createdDate: invoice.createdDate,
    saleDate: invoice.saleDate,
    paymentDate: invoice.paymentDate,
    paymentDateString: invoice.paymentDateString,
    paymentMethod: invoice.paymentMethod,
    currency: invoice.currency,
    description: invoice.description ?? '',
    vendorName: invoice.vendorName,
    vendorNip: invoice.vendorNip,
    vendorStreetAddress: invoice.vendorStreetAddress,
    vendorPostalCode: invoice.vendorPostalCode,
    vendorCity: invoice.vendorCity,
    vendorBankAccount: invoice.vendorBankAccount ?? '',
    customer: invoice.customer
      ? {
          '@id': invoice.customer['@id'],
          uuid: invoice.customer.uuid,
          companyName: invoice.customer.companyName,
          name: invoice.customer.name,
          nip: invoice.customerNip,
        }
      : null,
    customerName: invoice.customerName,
    customerNip: invoice.customerNip,
    customerStreetAddress: invoice.customerStreetAddress,
    customerPostalCode: invoice.customerPostalCode,
    customerCity: invoice.customerCity,
    customerCountry: invoice.customerCountry,
    customerEmail: invoice.customerEmail ?? '',
    correctionReason: invoice.correctionReason ?? '',
    correctedDocumentNumber: invoice.correctedDocumentNumber ?? '',
    correctedDocumentDate: invoice.correctedDocumentDate,
    correctedInvoice: invoice.correctedInvoice?.['@id'] ?? null,
    orderEntity: invoice.orderEntity?.['@id'] ?? null,
    orderProFormaEntity: invoice.orderProFormaEntity?.['@id'] ?? null,
    paid: invoice.paid,
    paidDate: invoice.paidDate,
    reverseCharge: invoice.reverseCharge,
    exchangeRate: invoice.exchangeRate === null ? '' : rateToDecimal(invoice.exchangeRate).replace('.', ','),
    exchangeRateSource: invoice.exchangeRateSource,
    exchangeRateTable: invoice.exchangeRateTable,
    exchangeRateDate: invoice.exchangeRateDate,
    invoicePositions: invoice.invoicePositions.map(positionToForm),
  };
}

/** '12' -> 12; NaN for text that is not a whole number (the schema then names the field). */
const integer = (value: string) => (/^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN);

/** Every field as it travels (before the schema): blanks as null, rates and amounts as numbers. */
export function invoicePayload(values: InvoiceFormValues): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const key of INVOICE_PAYLOAD_KEYS) {
    const value = (values as Record<string, unknown>)[key];
    payload[key] = typeof value === 'string' ? (value.trim() === '' ? null : value) : (value ?? null);
  }
  payload.customer = values.customer?.['@id'] ?? null;
  payload.exchangeRate =
    values.currency === 'pln'
      ? null
      : values.exchangeRate.trim()
        ? (parseExchangeRate(values.exchangeRate) ?? Number.NaN)
        : null;
  if (values.currency === 'pln') {
    payload.exchangeRateSource = null;
    payload.exchangeRateTable = null;
    payload.exchangeRateDate = null;
  }
  payload.invoicePositions = values.invoicePositions.map((p) => ({
    title: p.title,
    amount: integer(p.amount),
    unit: p.unit.trim() || DEFAULT_POSITION_UNIT,
    netto: p.netto ?? Number.NaN,
    vatRate: Number(p.vatRate),
  }));
  return payload;
}

/** The form's errors: the domain schema's (SPEC §5 messages), keyed as the form's fields are. */
export function validateInvoiceForm(values: InvoiceFormValues): Record<string, string> {
  const payload = invoicePayload(values);
  const errors = withTopLevelPaths(fieldErrors(invoiceCreateSchema, payload));
  // The rules across fields too, also while some field is still empty (zod runs them only on a complete object).
  // (A position not yet a number has the schema's error already; it counts as valid here, keeping the indexes.)
  const positions = (payload.invoicePositions as { amount: number; netto: number }[]).map((p) => ({
    amount: Number.isFinite(p.amount) ? p.amount : 1,
    netto: Number.isFinite(p.netto) ? p.netto : 0,
  }));
  for (const issue of invoiceIssues({
    ...(payload as Record<string, string | null>),
    type: values.type,
    invoicePositions: positions,
  })) {
    errors[issue.path] ??= issue.message;
  }
  // An empty price or quantity is missing, not 'not a number' (SPEC §5; issue 34 found 'Cena netto' saying so).
  values.invoicePositions.forEach((p, i) => {
    if (p.netto === null) errors[`invoicePositions.${i}.netto`] = validationMessages.required;
    if (p.amount.trim() === '') errors[`invoicePositions.${i}.amount`] = validationMessages.required;
  });
  if (values.invoicePositions.length === 0) errors.invoicePositions = 'Faktura musi mieć co najmniej jedną pozycję!';
  if (values.currency !== 'pln' && !values.exchangeRate.trim()) errors.exchangeRate = 'To pole nie może być puste!';
  return errors;
}

/** The create payload (schema output), or null while the values are invalid. */
export function buildInvoicePayload(values: InvoiceFormValues): InvoiceCreate | null {
  if (Object.keys(validateInvoiceForm(values)).length > 0) return null;
  const parsed = invoiceCreateSchema.safeParse(invoicePayload(values));
  return parsed.success ? parsed.data : null;
}

/** What the positions' table shows as they are typed (SPEC §5: recalculated on every change and on load). */
export function positionsPreview(positions: readonly PositionFormValues[]) {
  const lines = positions.map((p) => {
    const amount = integer(p.amount);
    const vatRate = Number(p.vatRate);
    const valid = Number.isFinite(amount) && p.netto !== null && Number.isFinite(p.netto);
    return valid ? { vatRate, ...positionValues({ amount, netto: p.netto as number, vatRate }) } : null;
  });
  const totals = invoiceTotals(lines.filter((l): l is NonNullable<typeof l> => l !== null));
  return { lines, totals };
}

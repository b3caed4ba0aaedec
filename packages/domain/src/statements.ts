import { z } from 'zod';
import { iriRef } from './shipments.ts';
import { oneOf, required } from './validation.ts';
import { whitelistOverrideSchema } from './verification.ts';

/**
 * Issue 26, the bank statement read in: an MT940 file (or a CSV with a column mapping saved per bank) becomes lines,
 * each credit matched to an open invoice ('pewne' by its number in the title, 'do_sprawdzenia' by amount and the
 * payer's NIP or account), each debit to a carrier's payable; the admin books the lines chosen.
 */

export const STATEMENT_FORMATS = ['mt940', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const MATCH_CONFIDENCES = ['pewne', 'do_sprawdzenia'] as const;
export type MatchConfidence = (typeof MATCH_CONFIDENCES)[number];

export const statementsMessages = {
  title: 'Importuj wyciąg',
  fileMissing: 'Wybierz plik wyciągu (MT940 lub CSV).',
  fileTooLarge: 'Plik wyciągu jest za duży (najwyżej 5 MB).',
  unreadable: 'Nie udało się odczytać wyciągu: sprawdź, czy to plik MT940 lub CSV.',
  /** An MT940 statement whose closing balance is not the opening one plus its operations (e.g. a file cut short). */
  unbalanced: (reference: string, number: string, operations: string, difference: string) =>
    `Wyciąg ${reference} nr ${number}: salda się nie zgadzają — operacje dają ${operations}, a saldo końcowe różni się od początkowego o ${difference}. Plik może być niekompletny (np. ucięty); niczego nie zapisano.`,
  noClosingBalance: (reference: string, number: string) =>
    `Wyciąg ${reference} nr ${number} nie ma salda końcowego (:62F:) — plik jest prawdopodobnie ucięty; niczego nie zapisano.`,
  mappingRequired: 'Dla pliku CSV podaj mapowanie kolumn (data, kwota, tytuł) albo nazwę banku z zapisanym mapowaniem.',
  mappingInvalid: 'Mapowanie kolumn jest nieprawidłowe.',
  csvRow: (row: number, what: string) => `Wiersz ${row} pliku CSV: ${what}`,
  badDate: 'nieprawidłowa data',
  badAmount: 'nieprawidłowa kwota',
  noLines: 'Wyciąg nie zawiera żadnych operacji.',
  lineNotFound: 'Nie ma takiej operacji na tym wyciągu.',
  lineBooked: 'Ta operacja została już zaksięgowana.',
  invoiceRequired: 'Wskaż fakturę.',
  invoiceNotOpen: 'Ta faktura nie ma nic do zapłaty albo jest fakturą ProForma.',
  currencyMismatch: 'Waluta operacji musi być walutą faktury.',
  orderForDebit: 'Obciążenie księguje się na fakturze przewoźnika albo zleceniu przewoźnika, nie na naszej fakturze.',
  carrierInvoiceForCredit: 'Wpływ księguje się na naszej fakturze, nie na fakturze przewoźnika.',
  debitTwoTargets: 'Wskaż fakturę przewoźnika albo zlecenie, nie oba.',
  carrierInvoiceNotOpen: 'Ta faktura przewoźnika nie ma nic do zapłaty, jest w paczce przelewów albo jest korektą.',
  carrierInvoiceCurrency: 'Waluta operacji musi być walutą faktury przewoźnika.',
  orderRequired: 'Wskaż zlecenie przewoźnika.',
  orderNoCarrier: 'Zlecenie nie ma przewoźnika.',
  creditOnOrder: 'Wpływ księguje się na fakturze, nie na zleceniu przewoźnika.',
  booked: (n: number) => `Zaksięgowano operacji: ${n}.`,
  bookedRefused: (n: number, refused: number) =>
    `Zaksięgowano operacji: ${n}. Nie zaksięgowano (biała lista): ${refused}.`,
  bookNote: (title: string) => `Wyciąg: ${title}`.slice(0, 500),
  /** History lines: the statement's booking of a line, and the payment on its invoice's (order's) history. */
  historyBookedInvoice: (money: string, date: string, invoice: string) =>
    `Wpłata ${money} z ${date} na fakturę ${invoice}`,
  historyBookedOrder: (money: string, date: string, order: string) =>
    `Zapłata przewoźnikowi ${money} z ${date} na zlecenie ${order}`,
  historyInvoicePayment: (money: string, date: string, fileName: string) =>
    `Wpłata ${money} z ${date} z wyciągu „${fileName}”`,
  historyBookedCarrierInvoice: (money: string, date: string, invoice: string, carrier: string) =>
    `Zapłata przewoźnikowi ${money} z ${date} na fakturę ${invoice} (${carrier})`,
  historyCarrierPayment: (money: string, date: string, fileName: string) =>
    `Zapłata przewoźnikowi ${money} z ${date} z wyciągu „${fileName}”`,
  confidence: { pewne: 'pewne', do_sprawdzenia: 'do sprawdzenia' } as Record<MatchConfidence, string>,
} as const;

/** The CSV's columns (1-based numbers or header names) and how its values are written; saved under `bank`. */
export const csvMappingSchema = z.object({
  bank: z.string().trim().min(1).max(100).optional(),
  date: z.union([z.string().trim().min(1).max(100), z.number().int().min(1)]).optional(),
  amount: z.union([z.string().trim().min(1).max(100), z.number().int().min(1)]).optional(),
  title: z.union([z.string().trim().min(1).max(100), z.number().int().min(1)]).optional(),
  name: z.union([z.string().trim().min(1).max(100), z.number().int().min(1)]).optional(),
  account: z.union([z.string().trim().min(1).max(100), z.number().int().min(1)]).optional(),
  currency: z.union([z.string().trim().min(1).max(100), z.number().int().min(1)]).optional(),
  separator: z.enum([';', ',', '\t']).optional(),
  /** Whether the first row names the columns (default yes). */
  header: z.boolean().optional(),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** The operation's parts a CSV mapping points at a column, in the form's order; the first three are required. */
export const CSV_MAPPING_COLUMNS = ['date', 'amount', 'title', 'name', 'account', 'currency'] as const;
export type CsvMappingColumn = (typeof CSV_MAPPING_COLUMNS)[number];
export const CSV_REQUIRED_COLUMNS: readonly CsvMappingColumn[] = ['date', 'amount', 'title'];

/** GET /api/bank_csv_mappings: a bank's saved mapping, offered again when that bank is chosen for its next file. */
export type SavedCsvMapping = { bank: string; mapping: CsvMapping; updatedAt: string };

/** The separator of a CSV whose mapping names none, from its first line (Polish banks' exports mostly use ';'). */
export const detectCsvSeparator = (firstLine: string): ';' | '\t' | ',' =>
  firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';

/** MT940 when the text has its tags (`:20:` and `:61:`), else CSV. */
export const looksLikeMt940 = (text: string) => /(^|\n):20:/.test(text) && /(^|\n):61:/.test(text);

/**
 * POST /api/bank_statements/{uuid}/book: the lines to book, each on an invoice (a credit) or an order (a debit).
 * Without `lines` (`{}`) every unbooked line matched 'pewne' is booked on its match.
 */
export const statementBookSchema = z.object({
  lines: z
    .array(
      z.object({
        line: required(iriRef('bank_statement_lines')),
        invoice: iriRef('invoices').optional(),
        order: iriRef('orders').optional(),
        /** A debit paid on a carrier's invoice (a payable, issue 38) rather than on an order's carrier price. */
        carrierInvoice: iriRef('carrier_invoices').optional(),
        /** A debit to a carrier's account the VAT white list did not confirm (above 15 000 zł): the admin's reason. */
        whitelistOverride: whitelistOverrideSchema.optional(),
      }),
    )
    .min(1)
    .max(5000)
    .optional()
    .describe("Without it, every line not yet booked whose match is 'pewne' is booked on its match"),
});
export type StatementBook = z.input<typeof statementBookSchema>;

export const statementFormatSchema = oneOf(STATEMENT_FORMATS);

/** A debit line the white-list check refused (not booked) or let through with a warning, in the book's answer. */
export type StatementLineNote = { line: string; message: string; code?: string };

export type StatementLineMatch = {
  invoice: { '@id': string; uuid: string; number: string; dueAmount: number; customerName: string } | null;
  order: { '@id': string; uuid: string; number: string; carrierName: string | null } | null;
  /** A debit's carrier invoice (issue 38): its number, what is still due and the carrier. */
  carrierInvoice: {
    '@id': string;
    uuid: string;
    number: string;
    dueAmount: number;
    currency: string;
    carrierName: string | null;
  } | null;
  confidence: MatchConfidence;
};

export type StatementLine = {
  '@id': string;
  uuid: string;
  date: string;
  amount: number;
  currency: string;
  title: string;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  match: StatementLineMatch | null;
  bookedAt: string | null;
  /** The second import of the same file: the line was read before (on this or another statement). */
  duplicate?: boolean;
};

export type BankStatement = {
  '@id': string;
  '@type': 'BankStatement';
  uuid: string;
  fileName: string;
  format: StatementFormat;
  bank: string | null;
  createdAt: string;
  lineCount: number;
  bookedCount: number;
  lines?: StatementLine[];
};

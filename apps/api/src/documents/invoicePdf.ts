import {
  countryName,
  formatDate,
  formatMoney,
  type Invoice,
  invoiceTypeTitles,
  paymentMethodLabels,
  paymentTermLabels,
  REVERSE_CHARGE_NOTE,
  rateToDecimal,
  vatRateLabel,
} from '@spedycja/domain';
import { toCardinal, toCurrency } from 'n2words/pl-PL';
import QRCode from 'qrcode';
import { renderPdfDefinition } from './pdf.ts';

/** KOD I of an invoice in KSeF (kody-qr.md): the link, and what is printed under the code (the KSeF number or OFFLINE). */
export type InvoiceQr = { link: string; label: string };
type QrImage = InvoiceQr & { png: string };

/** An invoice as a PDF (pdfmake, Roboto with Polish letters): the document of art. 106e of the VAT act. */

/** A rate as the invoice has it (hundredths of a percent), or already as printed (a received FA(3)'s 'zw', '0% WDT'). */
type PrintedRate = number | string;
const rateText = (rate: PrintedRate) => (typeof rate === 'string' ? rate : vatRateLabel(rate));

/** What the PDF prints: our invoice, or a received one read from its FA(3) XML (documents/fa3Read.ts). */
export type InvoiceDocument = Pick<
  Invoice,
  | 'type'
  | 'number'
  | 'createdDate'
  | 'saleDate'
  | 'paymentDate'
  | 'paymentDateString'
  | 'paymentMethod'
  | 'currency'
  | 'description'
  | 'vendorName'
  | 'vendorNip'
  | 'vendorStreetAddress'
  | 'vendorPostalCode'
  | 'vendorCity'
  | 'vendorBankAccount'
  | 'customerName'
  | 'customerNip'
  | 'customerStreetAddress'
  | 'customerPostalCode'
  | 'customerCity'
  | 'customerCountry'
  | 'correctionReason'
  | 'correctedDocumentNumber'
  | 'correctedDocumentDate'
  | 'paid'
  | 'paidDate'
  | 'reverseCharge'
  | 'exchangeRate'
  | 'exchangeRateSource'
  | 'exchangeRateTable'
  | 'exchangeRateDate'
  | 'totalNet'
  | 'totalVat'
  | 'totalGross'
  | 'totalVatPln'
  | 'ksefStatus'
  | 'ksefNumber'
> & {
  invoicePositions: (Pick<
    Invoice['invoicePositions'][number],
    'title' | 'amount' | 'unit' | 'netto' | 'nettoValue' | 'vatValue' | 'bruttoValue'
  > & { vatRate: PrintedRate })[];
  totalsByRate: { vatRate: PrintedRate; net: number; vat: number; gross: number; vatPln: number | null }[];
};

/** 123456 (hundredths) -> 'tysiąc dwieście trzydzieści cztery złote pięćdziesiąt sześć groszy' (from n2words). */
export function amountInWords(hundredths: number, currency: string): string {
  const abs = Math.abs(hundredths);
  const whole = Math.floor(abs / 100);
  const cents = abs % 100;
  if (currency === 'pln') return toCurrency(`${whole}.${String(cents).padStart(2, '0')}`);
  return `${toCardinal(whole)} ${currency.toUpperCase() === 'EUR' ? 'euro' : currency.toUpperCase()} ${String(cents).padStart(2, '0')}/100`;
}

/** 'faktura_vat_3-11-2026.pdf' */
export function invoiceFileName(invoice: Pick<Invoice, 'type' | 'number'>, extension: 'pdf' | 'xml'): string {
  const kind = { vat: 'faktura_vat', proforma: 'faktura_proforma', corrective: 'faktura_korygujaca' }[invoice.type];
  const safe = invoice.number.replace(/[^0-9A-Za-z-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${extension === 'xml' ? 'FA3_' : ''}${kind}_${safe}.${extension}`;
}

export const invoiceTitle = (invoice: Pick<Invoice, 'type' | 'number'>) =>
  `${invoiceTypeTitles[invoice.type]} nr ${invoice.number}`;

const money = (value: number, currency: string) => formatMoney(value, currency);
const plain = (value: number) => formatMoney(value);

function partyBox(heading: string, lines: (string | null | undefined)[]) {
  return {
    stack: [
      { text: heading, style: 'heading' },
      ...lines.filter((l): l is string => !!l?.trim()).map((text) => ({ text })),
    ],
  };
}

export function invoicePdfDefinition(invoice: InvoiceDocument, qr: QrImage | null = null) {
  const currency = invoice.currency;
  const eur = currency !== 'pln';
  const refund = invoice.totalGross < 0;
  const cell = (text: string, align: 'left' | 'right' | 'center' = 'right') => ({ text, alignment: align });
  const header = (text: string) => ({ text, style: 'th' });

  const positions = {
    table: {
      headerRows: 1,
      widths: [18, '*', 34, 28, 56, 62, 38, 54, 64],
      body: [
        [
          'Lp.',
          'Nazwa',
          'Ilość',
          'J.m.',
          'Cena netto',
          'Wartość netto',
          'Stawka VAT',
          'Kwota VAT',
          'Wartość brutto',
        ].map(header),
        ...invoice.invoicePositions.map((p, index) => [
          cell(String(index + 1), 'center'),
          cell(p.title, 'left'),
          cell(String(p.amount)),
          cell(p.unit, 'center'),
          cell(plain(p.netto)),
          cell(plain(p.nettoValue)),
          cell(rateText(p.vatRate), 'center'),
          cell(plain(p.vatValue)),
          cell(plain(p.bruttoValue)),
        ]),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8.5,
    margin: [0, 4, 0, 10],
  };

  const summary = {
    table: {
      headerRows: 1,
      widths: ['*', 72, 66, 72, ...(eur ? [78] : [])],
      body: [
        ['Stawka VAT', 'Wartość netto', 'Kwota VAT', 'Wartość brutto', ...(eur ? ['Kwota VAT w PLN'] : [])].map(header),
        ...invoice.totalsByRate.map((t) => [
          cell(rateText(t.vatRate), 'left'),
          cell(plain(t.net)),
          cell(plain(t.vat)),
          cell(plain(t.gross)),
          ...(eur ? [cell(t.vatPln === null ? '—' : plain(t.vatPln))] : []),
        ]),
        [
          { text: 'Razem', bold: true },
          { text: money(invoice.totalNet, currency), bold: true, alignment: 'right' },
          { text: money(invoice.totalVat, currency), bold: true, alignment: 'right' },
          { text: money(invoice.totalGross, currency), bold: true, alignment: 'right' },
          ...(eur
            ? [
                {
                  text: invoice.totalVatPln === null ? '—' : money(invoice.totalVatPln, 'pln'),
                  bold: true,
                  alignment: 'right',
                },
              ]
            : []),
        ],
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [90, 0, 0, 10],
  };

  const rateLine =
    eur && invoice.exchangeRate !== null
      ? invoice.exchangeRateSource === 'nbp' && invoice.exchangeRateTable
        ? `Kurs średni NBP z tabeli ${invoice.exchangeRateTable} z dnia ${formatDate(invoice.exchangeRateDate)}: 1 ${currency.toUpperCase()} = ${rateToDecimal(invoice.exchangeRate)} PLN`
        : `Kurs ${invoice.exchangeRateSource === 'settings' ? 'z ustawień' : 'przyjęty'}: 1 ${currency.toUpperCase()} = ${rateToDecimal(invoice.exchangeRate)} PLN`
      : null;

  const payment = invoice.paymentDate
    ? formatDate(invoice.paymentDate)
    : invoice.paymentDateString
      ? (paymentTermLabels[invoice.paymentDateString as keyof typeof paymentTermLabels] ?? invoice.paymentDateString)
      : 'Brak';

  const content: object[] = [
    { text: invoiceTitle(invoice), style: 'title' },
    ...(invoice.type === 'proforma' ? [{ text: 'Dokument nie jest fakturą VAT', style: 'subtitle' }] : []),
    {
      columns: [
        {
          stack: [
            `Data wystawienia: ${formatDate(invoice.createdDate)}`,
            `Data sprzedaży: ${formatDate(invoice.saleDate)}`,
            `Miejsce wystawienia: ${invoice.vendorCity}`,
          ],
        },
        {
          stack: [
            `Termin płatności: ${payment}`,
            `Sposób płatności: ${paymentMethodLabels[invoice.paymentMethod] ?? invoice.paymentMethod}`,
            ...(invoice.vendorBankAccount ? [`Nr konta: ${invoice.vendorBankAccount}`] : []),
          ],
        },
      ],
      margin: [0, 0, 0, 10],
    },
    {
      columns: [
        partyBox('Sprzedawca', [
          invoice.vendorName,
          invoice.vendorStreetAddress,
          `${invoice.vendorPostalCode} ${invoice.vendorCity}`,
          `NIP: ${invoice.vendorNip}`,
          invoice.vendorBankAccount ? `Rachunek: ${invoice.vendorBankAccount}` : null,
        ]),
        partyBox('Nabywca', [
          invoice.customerName,
          invoice.customerStreetAddress,
          `${invoice.customerPostalCode} ${invoice.customerCity}`,
          invoice.customerCountry !== 'PL' ? countryName(invoice.customerCountry) : null,
          `NIP: ${invoice.customerNip}`,
        ]),
      ],
      columnGap: 20,
      margin: [0, 0, 0, 10],
    },
    ...(invoice.type === 'corrective'
      ? [
          {
            stack: [
              `Faktura korygowana: ${invoice.correctedDocumentNumber ?? 'Brak'}${invoice.correctedDocumentDate ? ` z dnia ${formatDate(invoice.correctedDocumentDate)}` : ''}`,
              `Przyczyna korekty: ${invoice.correctionReason ?? 'Brak'}`,
              { text: 'Pozycje korekty podano jako różnice.', color: '#555555' },
            ],
            margin: [0, 0, 0, 8],
          },
        ]
      : []),
    positions,
    summary,
    { text: `${refund ? 'Do zwrotu' : 'Do zapłaty'}: ${money(Math.abs(invoice.totalGross), currency)}`, style: 'due' },
    { text: `Słownie: ${amountInWords(invoice.totalGross, currency)}`, margin: [0, 2, 0, 8] },
    ...(rateLine ? [{ text: rateLine }] : []),
    ...(eur && invoice.totalVatPln !== null ? [{ text: `Kwota VAT w PLN: ${money(invoice.totalVatPln, 'pln')}` }] : []),
    ...(invoice.reverseCharge ? [{ text: REVERSE_CHARGE_NOTE, bold: true, margin: [0, 6, 0, 0] }] : []),
    ...(invoice.paid && invoice.paidDate
      ? [{ text: `Zapłacono dnia ${formatDate(invoice.paidDate)}`, margin: [0, 6, 0, 0] }]
      : []),
    ...(invoice.description ? [{ text: 'Uwagi', style: 'heading' }, { text: invoice.description }] : []),
    ...ksefBlock(invoice, qr),
    {
      columns: ['Wystawił(a)', 'Odebrał(a)'].map((who) => ({
        stack: [{ text: '\n\n\n………………………………………' }, { text: who, fontSize: 8 }],
        alignment: 'center',
      })),
      margin: [0, 24, 0, 0],
    },
  ];

  return {
    info: { title: invoiceTitle(invoice) },
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 46],
    defaultStyle: { font: 'Roboto', fontSize: 9.5 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 6] },
      subtitle: { color: '#555555', margin: [0, 0, 0, 8] },
      heading: { fontSize: 11, bold: true, margin: [0, 4, 0, 4] },
      th: { bold: true, fontSize: 8.5 },
      due: { fontSize: 12, bold: true },
    },
    footer: (page: number, pages: number) => ({
      text: `${invoice.vendorName} · ${invoiceTitle(invoice)} · strona ${page} z ${pages}`,
      alignment: 'center',
      fontSize: 7.5,
      color: '#777777',
    }),
    content,
  };
}

/**
 * KSeF on the document: an accepted invoice shows its KSeF number and KOD I with the link under it; an offline one
 * KOD I labelled OFFLINE; before acceptance a line says it is not in KSeF yet. A ProForma is not a KSeF document.
 */
function ksefBlock(invoice: InvoiceDocument, qr: QrImage | null): object[] {
  if (invoice.type === 'proforma') return [];
  if (!qr) return [{ text: 'Faktura nie została jeszcze przyjęta przez KSeF', italics: true, margin: [0, 10, 0, 0] }];
  return [
    ...(invoice.ksefNumber && invoice.ksefStatus === 'accepted'
      ? [{ text: `Numer KSeF: ${invoice.ksefNumber}`, bold: true, margin: [0, 10, 0, 4] }]
      : [{ text: 'Faktura wystawiona w trybie offline (KSeF)', bold: true, margin: [0, 10, 0, 4] }]),
    {
      stack: [
        { text: 'KOD I', fontSize: 8, bold: true },
        { image: qr.png, width: 110 },
        { text: qr.label, fontSize: 8, bold: true },
        { text: qr.link, fontSize: 6.5, link: qr.link, color: '#1a4d8f' },
      ],
      unbreakable: true,
    },
  ];
}

export async function renderInvoicePdf(invoice: InvoiceDocument, qr: InvoiceQr | null = null) {
  const image = qr
    ? { ...qr, png: await QRCode.toDataURL(qr.link, { errorCorrectionLevel: 'M', margin: 4, scale: 4 }) }
    : null;
  return renderPdfDefinition(invoicePdfDefinition(invoice, image));
}

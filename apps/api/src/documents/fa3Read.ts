import { create } from 'xmlbuilder2';
import type { InvoiceDocument } from './invoicePdf.ts';

/**
 * An FA(3) e-invoice (a carrier's invoice received from KSeF) read into the document the invoice PDF prints, so that
 * a received invoice is printed by the same layout as ours. What the XML does not carry (a bank account, rows, a
 * payment date) is left empty, never guessed.
 */

type XmlNode = string | { [key: string]: XmlNode | XmlNode[] } | XmlNode[];

/** The children called `name` (any namespace prefix), as a list. */
function all(node: XmlNode | undefined, name: string): XmlNode[] {
  if (!node || typeof node === 'string' || Array.isArray(node)) return [];
  const key = Object.keys(node).find((k) => k === name || k.endsWith(`:${name}`));
  if (key === undefined) return [];
  const value = node[key] as XmlNode | XmlNode[];
  return Array.isArray(value) ? value : [value];
}
const one = (node: XmlNode | undefined, ...path: string[]): XmlNode | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => all(n, name)[0], node);
/** The text of an element (its `#` when it has attributes too). */
function text(node: XmlNode | undefined, ...path: string[]): string | null {
  const n = one(node, ...path);
  if (typeof n === 'string') return n.trim();
  if (n && !Array.isArray(n) && typeof n['#'] === 'string') return n['#'].trim();
  return null;
}
/** '1666.66' -> 166666 (hundredths); null when absent or not a number. */
function hundredths(value: string | null): number | null {
  if (value === null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** The per-rate sums of FA(3) (P_13_x net, P_14_x VAT) and how the PDF names their rate. */
const RATE_GROUPS: { net: string; vat: string; vatPln?: string; label: string }[] = [
  { net: 'P_13_1', vat: 'P_14_1', vatPln: 'P_14_1W', label: '23%' },
  { net: 'P_13_2', vat: 'P_14_2', vatPln: 'P_14_2W', label: '8%' },
  { net: 'P_13_3', vat: 'P_14_3', vatPln: 'P_14_3W', label: '5%' },
  { net: 'P_13_4', vat: 'P_14_4', vatPln: 'P_14_4W', label: '4%' },
  { net: 'P_13_5', vat: 'P_14_5', label: 'procedura szczególna' },
  { net: 'P_13_6_1', vat: '', label: '0% (kraj)' },
  { net: 'P_13_6_2', vat: '', label: '0% WDT' },
  { net: 'P_13_6_3', vat: '', label: '0% eksport' },
  { net: 'P_13_7', vat: '', label: 'zw' },
  { net: 'P_13_8', vat: '', label: 'np I' },
  { net: 'P_13_9', vat: '', label: 'np II' },
  { net: 'P_13_10', vat: '', label: 'oo' },
  { net: 'P_13_11', vat: '', label: 'marża' },
];

/** A row's P_12 as the PDF shows it, and the percentage its VAT is computed at (0 for the codes without VAT). */
function rowRate(code: string | null, special: string | null): { label: string; percent: number } {
  const value = code ?? special;
  if (value === null) return { label: '', percent: 0 };
  const numeric = /^\d+(\.\d+)?$/.test(value) ? Number(value) : null;
  if (numeric !== null) return { label: `${String(numeric).replace('.', ',')}%`, percent: numeric };
  return { label: value, percent: 0 };
}

/** FormaPlatnosci: our payment methods where they are ours, the FA(3) names otherwise. */
const PAYMENT_FORMS: Record<string, string> = {
  '1': 'gotowka',
  '2': 'karta',
  '3': 'bon',
  '4': 'czek',
  '5': 'kredyt',
  '6': 'przelew',
  '7': 'płatność mobilna',
};

/** Address lines: the first as the street, the second (postal code and city) as the city line. */
function addressOf(party: XmlNode | undefined) {
  return {
    street: text(party, 'Adres', 'AdresL1') ?? '',
    cityLine: text(party, 'Adres', 'AdresL2') ?? '',
    country: text(party, 'Adres', 'KodKraju') ?? 'PL',
  };
}

export function readFa3(xml: string, meta: { ksefNumber: string | null }): InvoiceDocument {
  const root = create(xml).end({ format: 'object' }) as XmlNode;
  const faktura = one(root, 'Faktura');
  const fa = one(faktura, 'Fa');
  const seller = one(faktura, 'Podmiot1');
  const buyer = one(faktura, 'Podmiot2');
  const sellerAddress = addressOf(seller);
  const buyerAddress = addressOf(buyer);
  const currency = (text(fa, 'KodWaluty') ?? 'PLN').toLowerCase();

  const positions = all(fa, 'FaWiersz').map((row) => {
    const rate = rowRate(text(row, 'P_12'), text(row, 'P_12_XII'));
    const netValue = hundredths(text(row, 'P_11'));
    const grossValue = hundredths(text(row, 'P_11A'));
    let net = netValue ?? 0;
    let vat = Math.round((net * rate.percent) / 100);
    if (netValue === null && grossValue !== null) {
      // A row given by its gross value (P_11A): the VAT inside it.
      vat = Math.round((grossValue * rate.percent) / (100 + rate.percent));
      net = grossValue - vat;
    }
    const quantity = Number(text(row, 'P_8B') ?? '1');
    return {
      title: text(row, 'P_7') ?? '',
      amount: Number.isFinite(quantity) ? quantity : 1,
      unit: text(row, 'P_8A') ?? '',
      netto: hundredths(text(row, 'P_9A')) ?? net,
      nettoValue: net,
      vatRate: rate.label,
      vatValue: vat,
      bruttoValue: net + vat,
    };
  });

  const totalsByRate = RATE_GROUPS.flatMap((group) => {
    const net = hundredths(text(fa, group.net));
    if (net === null) return [];
    const vat = group.vat ? (hundredths(text(fa, group.vat)) ?? 0) : 0;
    const vatPln = group.vatPln ? hundredths(text(fa, group.vatPln)) : null;
    return [{ vatRate: group.label, net, vat, gross: net + vat, vatPln }];
  });
  const totalNet = totalsByRate.reduce((sum, t) => sum + t.net, 0);
  const totalVat = totalsByRate.reduce((sum, t) => sum + t.vat, 0);
  const plnVat = totalsByRate.filter((t) => t.vatPln !== null);
  const payment = one(fa, 'Platnosc');
  const form = text(payment, 'FormaPlatnosci');
  const paid = text(payment, 'Zaplacono') === '1';
  const kind = text(fa, 'RodzajFaktury') ?? 'VAT';

  return {
    type: kind.startsWith('KOR') ? 'corrective' : 'vat',
    number: text(fa, 'P_2') ?? '',
    createdDate: text(fa, 'P_1') ?? '',
    saleDate: text(fa, 'P_6') ?? text(fa, 'OkresFa', 'P_6_Od') ?? text(fa, 'P_1') ?? '',
    paymentDate: text(payment, 'TerminPlatnosci', 'Termin'),
    paymentDateString: null,
    paymentMethod: (form ? (PAYMENT_FORMS[form] ?? form) : 'przelew') as InvoiceDocument['paymentMethod'],
    currency,
    description: null,
    vendorName: text(seller, 'DaneIdentyfikacyjne', 'Nazwa') ?? '',
    vendorNip: text(seller, 'DaneIdentyfikacyjne', 'NIP') ?? '',
    vendorStreetAddress: sellerAddress.street,
    vendorPostalCode: '',
    vendorCity: sellerAddress.cityLine,
    vendorBankAccount: text(payment, 'RachunekBankowy', 'NrRB'),
    customerName: text(buyer, 'DaneIdentyfikacyjne', 'Nazwa') ?? '',
    customerNip:
      text(buyer, 'DaneIdentyfikacyjne', 'NIP') ??
      `${text(buyer, 'DaneIdentyfikacyjne', 'KodUE') ?? ''}${text(buyer, 'DaneIdentyfikacyjne', 'NrVatUE') ?? ''}`,
    customerStreetAddress: buyerAddress.street,
    customerPostalCode: '',
    customerCity: buyerAddress.cityLine,
    customerCountry: buyerAddress.country,
    correctionReason: text(fa, 'PrzyczynaKorekty'),
    correctedDocumentNumber: text(fa, 'DaneFaKorygowanej', 'NrFaKorygowanej'),
    correctedDocumentDate: text(fa, 'DaneFaKorygowanej', 'DataWystFaKorygowanej'),
    paid,
    paidDate: paid ? text(payment, 'DataZaplaty') : null,
    reverseCharge: text(fa, 'Adnotacje', 'P_18') === '1',
    exchangeRate: null,
    exchangeRateSource: null,
    exchangeRateTable: null,
    exchangeRateDate: null,
    totalNet,
    totalVat,
    totalGross: hundredths(text(fa, 'P_15')) ?? totalNet + totalVat,
    totalsByRate,
    totalVatPln: plnVat.length > 0 ? plnVat.reduce((sum, t) => sum + (t.vatPln ?? 0), 0) : null,
    invoicePositions: positions,
    ksefStatus: meta.ksefNumber ? 'accepted' : 'none',
    ksefNumber: meta.ksefNumber,
  };
}

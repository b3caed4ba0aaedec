import {
  euCountry,
  euVatId,
  hundredthsToDecimal,
  type Invoice,
  isValidPolishNip,
  normaliseTaxId,
  paymentTermLabels,
  rateToDecimal,
  VAT_NOT_TAXABLE,
} from '@spedycja/domain';
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

/**
 * The structured e-invoice FA(3) (KSeF, schema 1-0E) of a VAT or corrective invoice: a pure function of the invoice
 * as the API reads it. Amounts are in the invoice's currency; for EUR the VAT is also given in PLN (P_14_xW) at the
 * invoice's rate, which every line carries (KursWaluty). A corrective invoice's positions and sums are differences.
 */

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';
const ETD_NAMESPACE = 'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/';

/** Where a rate's sums go: the basic/reduced rates' P_13_1..3, 0 % in the country, outside Poland, or OSS rates. */
type RateGroup = '1' | '2' | '3' | '5' | '6_1' | '8' | '9';

export type Fa3Options = {
  /** DataWytworzeniaFa. */
  generatedAt: Date;
  /** The corrected invoice's KSeF number, once it was sent there (a later issue); otherwise NrKSeFN. */
  correctedKsefNumber?: string | null;
};

const amount = (hundredths: number) => hundredthsToDecimal(hundredths);
/** 1900 -> '19', 480 -> '4.8': a percentage for P_12_XII. */
const percent = (rate: number) => String(rate / 100);
/** TZnakowy holds one line of at most 256 characters. */
const line = (text: string, max = 256) => text.replace(/\s+/g, ' ').trim().slice(0, max) || '-';

function rateCode(rate: number, buyerInEu: boolean): { p12?: string; p12xii?: string; group: RateGroup } {
  switch (rate) {
    case 2300:
      return { p12: '23', group: '1' };
    case 800:
      return { p12: '8', group: '2' };
    case 700:
      return { p12: '7', group: '2' };
    case 500:
      return { p12: '5', group: '3' };
    case 0:
      // Art. 83 ust. 1 pkt 23: international transport of goods is taxed at 0 % in Poland.
      return { p12: '0 KR', group: '6_1' };
    case VAT_NOT_TAXABLE:
      // A service taxed where the business customer is (art. 28b): reported in VAT-UE when the buyer is in the EU.
      return buyerInEu ? { p12: 'np II', group: '9' } : { p12: 'np I', group: '8' };
    default:
      // Rates that are not Polish (19, 20, 4.8 …) have only the special procedure's place (P_12_XII, P_13_5).
      return { p12xii: percent(rate), group: '5' };
  }
}

const FORMA_PLATNOSCI: Record<string, string> = { gotowka: '1', karta: '2', przelew: '6' };

function address(el: XMLBuilder, country: string, street: string, postalCode: string, city: string) {
  const adres = el.ele('Adres');
  adres.ele('KodKraju').txt(country);
  adres.ele('AdresL1').txt(line(street || city, 512));
  adres.ele('AdresL2').txt(line(`${postalCode} ${city}`, 512));
}

function buyerIdentity(el: XMLBuilder, invoice: Invoice) {
  const id = el.ele('DaneIdentyfikacyjne');
  const nip = normaliseTaxId(invoice.customerNip ?? '');
  const polish = nip.replace(/^PL/, '');
  const vatId = euVatId(nip);
  if (
    /^\d{10}$/.test(polish) &&
    (invoice.customerCountry === 'PL' || nip.startsWith('PL')) &&
    isValidPolishNip(polish)
  ) {
    id.ele('NIP').txt(polish);
  } else if (vatId && vatId.prefix !== 'PL') {
    id.ele('KodUE').txt(vatId.prefix);
    id.ele('NrVatUE').txt(vatId.number);
  } else if (nip) {
    id.ele('KodKraju').txt(invoice.customerCountry);
    id.ele('NrID').txt(nip.slice(0, 50));
  } else {
    id.ele('BrakID').txt('1');
  }
  id.ele('Nazwa').txt(line(invoice.customerName, 512));
}

export function buildFa3Xml(invoice: Invoice, options: Fa3Options): string {
  if (invoice.type === 'proforma') throw new Error('a ProForma has no FA(3) form');
  const foreign = invoice.currency !== 'pln';
  const buyerInEu = euCountry(invoice.customerCountry) && invoice.customerCountry !== 'PL';
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(FA3_NAMESPACE, 'Faktura', {
    'xmlns:etd': ETD_NAMESPACE,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  });

  const naglowek = root.ele('Naglowek');
  naglowek.ele('KodFormularza', { kodSystemowy: 'FA (3)', wersjaSchemy: '1-0E' }).txt('FA');
  naglowek.ele('WariantFormularza').txt('3');
  naglowek.ele('DataWytworzeniaFa').txt(`${options.generatedAt.toISOString().slice(0, 19)}Z`);
  naglowek.ele('SystemInfo').txt('Spedycja');

  const seller = root.ele('Podmiot1');
  const sellerId = seller.ele('DaneIdentyfikacyjne');
  sellerId.ele('NIP').txt(normaliseTaxId(invoice.vendorNip).replace(/^PL/, ''));
  sellerId.ele('Nazwa').txt(line(invoice.vendorName, 512));
  address(seller, 'PL', invoice.vendorStreetAddress, invoice.vendorPostalCode, invoice.vendorCity);

  const buyer = root.ele('Podmiot2');
  buyerIdentity(buyer, invoice);
  address(
    buyer,
    invoice.customerCountry,
    invoice.customerStreetAddress,
    invoice.customerPostalCode,
    invoice.customerCity,
  );
  buyer.ele('JST').txt('2');
  buyer.ele('GV').txt('2');

  const fa = root.ele('Fa');
  fa.ele('KodWaluty').txt(invoice.currency.toUpperCase());
  fa.ele('P_1').txt(invoice.createdDate);
  fa.ele('P_1M').txt(line(invoice.vendorCity));
  fa.ele('P_2').txt(line(invoice.number));
  if (invoice.saleDate !== invoice.createdDate) fa.ele('P_6').txt(invoice.saleDate);

  // Sums per group of rates, in the order the schema lists them.
  const groups = new Map<RateGroup, { net: number; vat: number; vatPln: number }>();
  for (const t of invoice.totalsByRate) {
    const { group } = rateCode(t.vatRate, buyerInEu);
    const g = groups.get(group) ?? { net: 0, vat: 0, vatPln: 0 };
    g.net += t.net;
    g.vat += t.vat;
    g.vatPln += t.vatPln ?? 0;
    groups.set(group, g);
  }
  for (const group of ['1', '2', '3'] as const) {
    const g = groups.get(group);
    if (!g) continue;
    fa.ele(`P_13_${group}`).txt(amount(g.net));
    fa.ele(`P_14_${group}`).txt(amount(g.vat));
    if (foreign) fa.ele(`P_14_${group}W`).txt(amount(g.vatPln));
  }
  const oss = groups.get('5');
  if (oss) {
    fa.ele('P_13_5').txt(amount(oss.net));
    fa.ele('P_14_5').txt(amount(oss.vat));
  }
  for (const group of ['6_1', '8', '9'] as const) {
    const g = groups.get(group);
    if (g) fa.ele(`P_13_${group}`).txt(amount(g.net));
  }
  fa.ele('P_15').txt(amount(invoice.totalGross));

  const adnotacje = fa.ele('Adnotacje');
  adnotacje.ele('P_16').txt('2');
  adnotacje.ele('P_17').txt('2');
  adnotacje.ele('P_18').txt(invoice.reverseCharge ? '1' : '2');
  adnotacje.ele('P_18A').txt('2');
  adnotacje.ele('Zwolnienie').ele('P_19N').txt('1');
  adnotacje.ele('NoweSrodkiTransportu').ele('P_22N').txt('1');
  adnotacje.ele('P_23').txt('2');
  adnotacje.ele('PMarzy').ele('P_PMarzyN').txt('1');

  if (invoice.type === 'corrective') {
    fa.ele('RodzajFaktury').txt('KOR');
    fa.ele('PrzyczynaKorekty').txt(line(invoice.correctionReason ?? '-'));
    // A reduction counts when the corrective is issued; an increase where the original was (art. 29a).
    fa.ele('TypKorekty').txt(invoice.totalGross > 0 ? '1' : '2');
    const corrected = fa.ele('DaneFaKorygowanej');
    corrected.ele('DataWystFaKorygowanej').txt(invoice.correctedDocumentDate ?? invoice.createdDate);
    corrected.ele('NrFaKorygowanej').txt(line(invoice.correctedDocumentNumber ?? '-'));
    if (options.correctedKsefNumber) {
      corrected.ele('NrKSeF').txt('1');
      corrected.ele('NrKSeFFaKorygowanej').txt(options.correctedKsefNumber);
    } else {
      corrected.ele('NrKSeFN').txt('1');
    }
  } else {
    fa.ele('RodzajFaktury').txt('VAT');
  }

  const notes: [string, string][] = [];
  if (!invoice.paymentDate && invoice.paymentDateString) {
    const term =
      paymentTermLabels[invoice.paymentDateString as keyof typeof paymentTermLabels] ?? invoice.paymentDateString;
    notes.push(['Termin płatności', term]);
  }
  if (invoice.description) notes.push(['Uwagi', invoice.description]);
  for (const [key, value] of notes) {
    const opis = fa.ele('DodatkowyOpis');
    opis.ele('Klucz').txt(key);
    opis.ele('Wartosc').txt(line(value));
  }

  invoice.invoicePositions.forEach((p, index) => {
    const row = fa.ele('FaWiersz');
    row.ele('NrWierszaFa').txt(String(index + 1));
    row.ele('P_7').txt(line(p.title, 512));
    row.ele('P_8A').txt(line(p.unit));
    row.ele('P_8B').txt(String(p.amount));
    row.ele('P_9A').txt(amount(p.netto));
    row.ele('P_11').txt(amount(p.nettoValue));
    const code = rateCode(p.vatRate, buyerInEu);
    if (code.p12) row.ele('P_12').txt(code.p12);
    else if (code.p12xii) row.ele('P_12_XII').txt(code.p12xii);
    if (foreign && invoice.exchangeRate !== null) row.ele('KursWaluty').txt(rateToDecimal(invoice.exchangeRate));
  });

  const platnosc = fa.ele('Platnosc');
  if (invoice.paid && invoice.paidDate) {
    platnosc.ele('Zaplacono').txt('1');
    platnosc.ele('DataZaplaty').txt(invoice.paidDate);
  }
  if (invoice.paymentDate) platnosc.ele('TerminPlatnosci').ele('Termin').txt(invoice.paymentDate);
  const forma = FORMA_PLATNOSCI[invoice.paymentMethod];
  if (forma) {
    platnosc.ele('FormaPlatnosci').txt(forma);
  } else {
    platnosc.ele('PlatnoscInna').txt('1');
    platnosc.ele('OpisPlatnosci').txt(line(invoice.paymentMethod));
  }
  const account = (invoice.vendorBankAccount ?? '').replace(/\s/g, '');
  if (account.length >= 10 && account.length <= 34) platnosc.ele('RachunekBankowy').ele('NrRB').txt(account);

  const orderNumber = invoice.orderEntity?.number ?? invoice.orderProFormaEntity?.number;
  if (orderNumber) fa.ele('WarunkiTransakcji').ele('Zamowienia').ele('NrZamowienia').txt(line(orderNumber));

  return root.end({ prettyPrint: true });
}

import type { Violation } from '../../http/errors.ts';
import type { SchemaError } from '../../integrations/ksef/schema.ts';

/**
 * Schema errors of the FA(3) XML as the invoice's fields: the element an error names (and, for the parties and the
 * lines, the block it sits in, found from its line) is translated to the field of the invoice form.
 */
const SELLER: Record<string, string> = {
  NIP: 'vendorNip',
  Nazwa: 'vendorName',
  AdresL1: 'vendorStreetAddress',
  AdresL2: 'vendorCity',
  KodKraju: 'vendorCity',
};
const BUYER: Record<string, string> = {
  NIP: 'customerNip',
  NrVatUE: 'customerNip',
  KodUE: 'customerCountry',
  NrID: 'customerNip',
  Nazwa: 'customerName',
  AdresL1: 'customerStreetAddress',
  AdresL2: 'customerCity',
  KodKraju: 'customerCountry',
  Email: 'customerEmail',
};
const LINE: Record<string, string> = {
  P_7: 'title',
  P_8A: 'unit',
  P_8B: 'amount',
  P_9A: 'netto',
  P_11: 'nettoValue',
  P_12: 'vatRate',
  P_12_XII: 'vatRate',
  KursWaluty: 'exchangeRate',
};
const INVOICE: Record<string, string> = {
  KodWaluty: 'currency',
  P_1: 'createdDate',
  P_1M: 'vendorCity',
  P_2: 'number',
  P_6: 'saleDate',
  P_15: 'totalGross',
  PrzyczynaKorekty: 'correctionReason',
  DataWystFaKorygowanej: 'correctedDocumentDate',
  NrFaKorygowanej: 'correctedDocumentNumber',
  NrKSeFFaKorygowanej: 'correctedInvoice',
  Termin: 'paymentDate',
  DataZaplaty: 'paidDate',
  NrRB: 'vendorBankAccount',
  Wartosc: 'description',
  NrZamowienia: 'orderEntity',
};

export function schemaViolations(xml: string, errors: SchemaError[]): Violation[] {
  const lines = xml.split('\n');
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const error of errors) {
    const element =
      /Element '\{[^}]*\}([^']+)'/.exec(error.message)?.[1] ?? /Element '([^']+)'/.exec(error.message)?.[1];
    let block: 'seller' | 'buyer' | 'line' | null = null;
    let lineIndex = -1;
    for (let n = Math.min((error.line ?? 1) - 1, lines.length - 1); n >= 0; n--) {
      const text = lines[n] ?? '';
      if (text.includes('<FaWiersz>')) {
        block = 'line';
        lineIndex = lines.slice(0, n + 1).filter((l) => l.includes('<FaWiersz>')).length - 1;
        break;
      }
      if (text.includes('<Podmiot1>')) {
        block = 'seller';
        break;
      }
      if (text.includes('<Podmiot2>')) {
        block = 'buyer';
        break;
      }
      if (text.includes('<Fa>')) break;
    }
    const name = element ?? '';
    const field =
      block === 'line'
        ? `invoicePositions.${lineIndex}.${LINE[name] ?? 'title'}`
        : block === 'seller'
          ? (SELLER[name] ?? 'vendorName')
          : block === 'buyer'
            ? (BUYER[name] ?? 'customerName')
            : (INVOICE[name] ?? name);
    if (seen.has(field)) continue;
    seen.add(field);
    const reason = error.message.replace(/^Schemas validity error : /, '').replace(/\{[^}]*\}/g, '');
    violations.push({ propertyPath: field, message: `Niezgodne ze schematem FA(3): ${reason}` });
  }
  return violations;
}

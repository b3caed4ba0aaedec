import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ksefSamplesDir } from '../../../packages/domain/src/testing/ksefReference.ts';
import { readFa3 } from '../src/documents/fa3Read.ts';
import { renderInvoicePdf } from '../src/documents/invoicePdf.ts';
import { pdfText } from './documents.ts';

const sample = (name: string) => readFileSync(path.join(ksefSamplesDir(), name), 'utf8');

describe('reading a received FA(3) invoice for its PDF', () => {
  it('reads the official sample 1: parties, rows with their VAT, sums per rate, payment', () => {
    const doc = readFa3(sample('FA_3_Przyklad_1.xml'), { ksefNumber: null });
    expect(doc).toMatchObject({
      type: 'vat',
      number: 'FV2026/02/150',
      createdDate: '2026-02-15',
      saleDate: '2026-01-27',
      currency: 'pln',
      vendorName: 'ABC AGD sp. z o. o.',
      vendorNip: '9999999999',
      vendorStreetAddress: 'ul. Kwiatowa 1 m. 2',
      vendorCity: '00-001 Warszawa',
      customerName: 'F.H.U. Jan Kowalski',
      customerNip: '1111111111',
      paymentMethod: 'przelew',
      paid: true,
      paidDate: '2026-01-27',
      reverseCharge: false,
      totalNet: 166_761,
      totalVat: 38_338,
      totalGross: 205_100,
      ksefStatus: 'none',
    });
    expect(doc.invoicePositions).toEqual([
      expect.objectContaining({
        title: 'lodówka Zimnotech mk1',
        amount: 1,
        unit: 'szt.',
        nettoValue: 162_601,
        vatRate: '23%',
        vatValue: 37_398,
      }),
      expect.objectContaining({ title: 'wniesienie sprzętu', nettoValue: 4_065, vatValue: 935 }),
      expect.objectContaining({ title: 'promocja lodówka pełna mleka', nettoValue: 95, vatRate: '5%', vatValue: 5 }),
    ]);
    expect(doc.totalsByRate).toEqual([
      { vatRate: '23%', net: 166_666, vat: 38_333, gross: 204_999, vatPln: null },
      { vatRate: '5%', net: 95, vat: 5, gross: 100, vatPln: null },
    ]);
  });

  it('prints an invoice without rows, payment or address lines rather than failing', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">
  <Podmiot1><DaneIdentyfikacyjne><NIP>7251801126</NIP><Nazwa>Trans-Minimum</Nazwa></DaneIdentyfikacyjne></Podmiot1>
  <Podmiot2><DaneIdentyfikacyjne><NIP>5260250274</NIP><Nazwa>Spedycja</Nazwa></DaneIdentyfikacyjne></Podmiot2>
  <Fa><KodWaluty>EUR</KodWaluty><P_1>2026-11-02</P_1><P_2>M/1</P_2><P_13_1>100</P_13_1><P_14_1>23</P_14_1><P_15>123</P_15>
    <RodzajFaktury>KOR</RodzajFaktury><PrzyczynaKorekty>Rabat</PrzyczynaKorekty></Fa>
</Faktura>`;
    const doc = readFa3(xml, { ksefNumber: null });
    expect(doc).toMatchObject({ type: 'corrective', currency: 'eur', paymentDate: null, vendorBankAccount: null });
    const text = (await pdfText(await renderInvoicePdf(doc))).replace(/\s+/g, ' ');
    expect(text).toContain('Trans-Minimum');
    expect(text).toContain('Przyczyna korekty: Rabat');
    expect(text).toMatch(/Do zapłaty: 123,00 EUR|Do zapłaty: 123,00 €/);
  });
});

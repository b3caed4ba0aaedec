import { formatDate, formatMoney, type InterestPeriod, pluralPl } from '@spedycja/domain';
import type { DocumentModel } from '../../documents/model.ts';
import { renderPdf } from '../../documents/pdf.ts';
import type { InterestNote } from './repository.ts';

const days = (n: number) => `${n} ${pluralPl(n, 'dzień', 'dni', 'dni')}`;
const percent = (rate: number) => `${(rate / 100).toFixed(2).replace('.', ',')} %`;
const fourDecimals = (rate: number) => (rate / 10_000).toFixed(4).replace('.', ',');

/**
 * Interest and compensation together: one sum when both are in złoty; the interest on an EUR invoice is owed in
 * euro, the compensation in złoty (art. 10), so then the two amounts side by side.
 */
function totalDue(interest: number, currency: string, compensation: number | null): string {
  if (compensation == null) return formatMoney(interest, currency);
  if (currency === 'pln') return formatMoney(interest + compensation, 'pln');
  return `${formatMoney(interest, currency)} + ${formatMoney(compensation, 'pln')}`;
}

/** The note as the documents model: our data, the debtor, the invoice, interest per period, compensation, account. */
export function interestNoteDocument(note: InterestNote, company: Record<string, string | null>): DocumentModel {
  const periodRows = (note.periods as InterestPeriod[]).map((p): [string, string] => [
    `${formatDate(p.from)} – ${formatDate(p.to)}`,
    `${days(p.days)} × ${formatMoney(p.base, note.currency)} × ${percent(p.rate)} = ${formatMoney(p.interest, note.currency)}`,
  ]);
  const comp = note.compensationAmount;
  return {
    title: `Nota odsetkowa ${note.number}`,
    subtitle: `z dnia ${formatDate(note.createdDate)}`,
    parties: [
      {
        heading: 'Wierzyciel',
        rows: [
          ['Nazwa', company.companyName ?? ''],
          [
            'Adres',
            `${company.companyStreetAddress ?? ''}, ${company.companyPostalCode ?? ''} ${company.companyCity ?? ''}`,
          ],
          ['NIP', company.companyNip ?? ''],
        ],
      },
      {
        heading: 'Dłużnik',
        rows: [
          ['Nazwa', note.invoice.customerName ?? ''],
          [
            'Adres',
            `${note.invoice.customerStreetAddress ?? ''}, ${note.invoice.customerPostalCode ?? ''} ${note.invoice.customerCity ?? ''}`,
          ],
          ['NIP', note.invoice.customerNip ?? ''],
        ],
      },
    ],
    sections: [
      {
        heading: 'Faktura',
        rows: [
          ['Numer', note.invoice.number],
          ['Kwota brutto', formatMoney(note.invoice.totalGross, note.currency)],
          ['Termin płatności', note.invoice.paymentDate ? formatDate(note.invoice.paymentDate) : ''],
          ['Odsetki naliczone do dnia', formatDate(note.untilDate)],
          ['Dni opóźnienia', days(note.daysLate)],
        ],
      },
      {
        heading: 'Odsetki ustawowe za opóźnienie w transakcjach handlowych',
        rows: [...periodRows, ['Razem odsetki', formatMoney(note.interest, note.currency)]],
      },
      {
        heading: 'Rekompensata za koszty odzyskiwania należności (art. 10 ustawy)',
        rows:
          comp != null && note.compensationRate != null
            ? [
                ['Rekompensata', `${note.compensationEur} EUR`],
                [
                  'Kurs średni NBP',
                  `${fourDecimals(note.compensationRate)} zł, tabela ${note.compensationTable}` +
                    (note.compensationRateDate ? ` z dnia ${formatDate(note.compensationRateDate)}` : ''),
                ],
                ['Rekompensata w złotych', formatMoney(comp, 'pln')],
              ]
            : [['Rekompensata', 'nie naliczono']],
      },
      {
        heading: 'Do zapłaty',
        rows: [
          ['Odsetki', formatMoney(note.interest, note.currency)],
          ...(comp != null ? [['Rekompensata', formatMoney(comp, 'pln')] as [string, string]] : []),
          ['Razem do zapłaty', totalDue(note.interest, note.currency, comp)],
          ['Numer konta', company.companyBankAccount ?? ''],
          ['Tytułem', `Nota odsetkowa ${note.number}`],
        ],
      },
    ],
    notes:
      'Podstawa: ustawa z dnia 8 marca 2013 r. o przeciwdziałaniu nadmiernym opóźnieniom w transakcjach handlowych ' +
      '(art. 7 i art. 10). Prosimy o zapłatę w terminie 7 dni od otrzymania noty.',
    terms: [],
    signatures: ['Wystawił', 'Odebrał'],
    footer: `Nota odsetkowa ${note.number}`,
  };
}

export const interestNoteFileName = (number: string) => `nota-odsetkowa-${number.replaceAll('/', '-')}.pdf`;

export const renderInterestNotePdf = (note: InterestNote, company: Record<string, string | null>) =>
  renderPdf(interestNoteDocument(note, company));

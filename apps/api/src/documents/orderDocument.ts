import {
  countryName,
  formatDate,
  formatMeasure,
  formatMoney,
  formatPhone,
  formatSize,
  formatWallClock,
  type LoadingType,
  loadingTypeLabels,
  type OrderParty,
  paymentTermLabels,
} from '@spedycja/domain';
import type { OrderRecord } from '../modules/orders/repository.ts';
import type { DocumentModel, DocumentSection } from './model.ts';

/** Company data and standard clauses, from the settings. */
export type CompanyInfo = Record<string, string | null>;

const or = (value: string | null | undefined, fallback = 'Brak') => (value?.trim() ? value : fallback);

function address(street: string | null, postalCode: string | null, city: string | null, country: string | null) {
  const line2 = [postalCode, city].filter(Boolean).join(' ');
  return [street, line2, countryName(country)].filter(Boolean).join(', ') || 'Brak';
}

type Party = OrderRecord['customer'];

function partySection(heading: string, party: Party): DocumentSection {
  if (!party?.uuid) return { heading, rows: [['Nazwa', 'Brak']] };
  return {
    heading,
    rows: [
      ['Nazwa', or(party.companyName ?? party.name)],
      ['Adres', address(party.streetAddress, party.postalCode, party.city, party.country)],
      ['NIP', or(party.nip)],
      [
        'Kontakt',
        [party.name, formatPhone(party.phonePrefix, party.phone), party.email]
          .filter((v) => v && v !== 'Brak')
          .join(', ') || 'Brak',
      ],
    ],
  };
}

function companySection(heading: string, company: CompanyInfo): DocumentSection {
  return {
    heading,
    rows: [
      ['Nazwa', or(company.companyName)],
      [
        'Adres',
        address(
          company.companyStreetAddress ?? null,
          company.companyPostalCode ?? null,
          company.companyCity ?? null,
          'PL',
        ),
      ],
      ['NIP', or(company.companyNip)],
      ['Kontakt', [company.companyPhone, company.companyEmail].filter(Boolean).join(', ') || 'Brak'],
    ],
  };
}

function paymentTerm(date: string | null, text: string | null) {
  if (text) return paymentTermLabels[text as keyof typeof paymentTermLabels] ?? text;
  return date ? formatDate(date) : 'Brak';
}

/**
 * The carrier's transport order (zlecenie transportowe) or the customer's order confirmation.
 * Internal notes (additionalInfo) never go on a document; orderAdditionalInfo does.
 */
export function orderDocument(record: OrderRecord, party: OrderParty, company: CompanyInfo): DocumentModel {
  const o = record.order;
  const dims = formatSize(o.cargoLength, o.cargoWidth, o.cargoHeight);
  const route: DocumentSection = {
    heading: 'Trasa',
    rows: [
      ['Miejsce załadunku', address(o.loadingStreetAddress, o.loadingPostalCode, o.loadingCity, o.loadingCountry)],
      ['Data załadunku', formatWallClock(o.loadingDate)],
      [
        'Miejsce rozładunku',
        address(o.unloadingStreetAddress, o.unloadingPostalCode, o.unloadingCity, o.unloadingCountry),
      ],
      ['Data rozładunku', formatWallClock(o.unloadingDate)],
      ['Odległość', o.distance === null ? 'Brak' : `${o.distance} km`],
    ],
  };
  const cargo: DocumentSection = {
    heading: 'Towar',
    rows: [
      ['Towar', or(o.cargo)],
      // A size nobody gave is left off rather than printed as 'Brak'.
      ...(dims ? [['Wymiary (dł. × szer. × wys.)', dims] as [string, string]] : []),
      ['Waga', formatMeasure(o.cargoWeight, 't')],
      ['Typ załadunku', loadingTypeLabels[o.loadingType as LoadingType] ?? o.loadingType],
    ],
  };
  const terms = (party === 'carrier' ? company.orderCarrierTerms : company.orderCustomerTerms) ?? '';
  const issued = `Data wystawienia: ${formatDate(new Date())}`;
  const ours = companySection(party === 'carrier' ? 'Zleceniodawca' : 'Wykonawca (spedytor)', company);

  if (party === 'carrier') {
    return {
      title: `Zlecenie transportowe nr ${o.number}`,
      subtitle: issued,
      parties: [ours, partySection('Przewoźnik', record.carrier)],
      sections: [
        route,
        cargo,
        {
          heading: 'Fracht i płatność',
          rows: [
            ['Stawka przewoźnika', formatMoney(o.carrierPrice, o.carrierPriceCurrency)],
            ['Termin płatności', paymentTerm(o.carrierDateOfPayment, o.carrierDateOfPaymentString)],
          ],
        },
        {
          heading: 'Kierowca i pojazd',
          rows: [
            ['Kierowca', or(o.driverName)],
            ['Dokument kierowcy', or(o.driverId)],
            ['Telefon kierowcy', formatPhone(o.driverPhonePrefix, o.driverPhone)],
            ['Ciągnik', or(o.truck)],
            ['Naczepa', or(o.trailer)],
          ],
        },
      ],
      notes: o.orderAdditionalInfo,
      terms: terms.split('\n').filter((line) => line.trim()),
      signatures: ['Zleceniodawca', 'Przewoźnik (akceptacja zlecenia)'],
      footer: `${or(company.companyName)} · zlecenie ${o.number}`,
    };
  }
  return {
    title: `Potwierdzenie zlecenia nr ${o.number}`,
    subtitle: issued,
    parties: [partySection('Zleceniodawca (klient)', record.customer), ours],
    sections: [
      route,
      cargo,
      {
        heading: 'Cena i płatność',
        rows: [
          ['Cena usługi transportowej', formatMoney(o.customerPrice, o.customerPriceCurrency)],
          ['Termin płatności', paymentTerm(o.customerDateOfPayment, o.customerDateOfPaymentString)],
        ],
      },
    ],
    notes: o.orderAdditionalInfo,
    terms: terms.split('\n').filter((line) => line.trim()),
    signatures: ['Zleceniodawca (klient)', 'Wykonawca'],
    footer: `${or(company.companyName)} · zlecenie ${o.number}`,
  };
}

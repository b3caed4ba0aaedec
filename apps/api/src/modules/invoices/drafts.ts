import {
  DEFAULT_PAYMENT_METHOD,
  type Invoice,
  type InvoiceDraft,
  type InvoiceType,
  parseVatRate,
  proposeVat,
  TRANSPORT_SERVICE_TITLE,
  VAT_RATES,
} from '@spedycja/domain';
import type { DbOrTx } from '../../db/client.ts';
import { iri } from '../../http/hydra.ts';
import type { ExchangeRateService } from '../../integrations/nbp/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import { quoteEurRate } from '../exchangeRates/service.ts';
import type { OrderRecord } from '../orders/repository.ts';
import { readAllSettings } from '../settings/company.ts';

function vendorOf(settings: Record<string, string | null>) {
  return {
    vendorName: settings.companyName ?? null,
    vendorNip: settings.companyNip ?? null,
    vendorStreetAddress: settings.companyStreetAddress ?? null,
    vendorPostalCode: settings.companyPostalCode ?? null,
    vendorCity: settings.companyCity ?? null,
    vendorBankAccount: settings.companyBankAccount ?? null,
  };
}

/** The settings' default VAT rate (SPEC §9: 19), in hundredths. */
function defaultVatRate(settings: Record<string, string | null>): number {
  const rate = parseVatRate(settings.invoiceDefaultVatRate ?? '19');
  return rate !== null && (VAT_RATES as readonly number[]).includes(rate) ? rate : 1900;
}

/**
 * The transport service's position: distance × a price per km when some two-decimal price per km gives the order's
 * price exactly; otherwise one service with the distance in its title, so that the net equals the price to the grosz.
 */
export function transportPosition(distance: number | null, price: number | null, vatRate: number) {
  if (distance && distance > 0 && price !== null && price % distance === 0) {
    return { title: TRANSPORT_SERVICE_TITLE, amount: distance, unit: 'km', netto: price / distance, vatRate };
  }
  return {
    title: distance ? `${TRANSPORT_SERVICE_TITLE} (${distance} km)` : TRANSPORT_SERVICE_TITLE,
    amount: 1,
    unit: 'usł.',
    netto: price ?? 0,
    vatRate,
  };
}

/** The invoice an order proposes (SPEC §7, §9): its customer, price, dates, currency; the seller from the settings. */
export async function draftFromOrder(
  db: DbOrTx,
  nbp: ExchangeRateService,
  record: OrderRecord,
  type: Extract<InvoiceType, 'vat' | 'proforma'>,
): Promise<InvoiceDraft> {
  const o = record.order;
  const c = record.customer;
  const settings = await readAllSettings(db);
  const vat = proposeVat(
    {
      loadingCountry: o.loadingCountry,
      unloadingCountry: o.unloadingCountry,
      customerCountry: c?.country ?? null,
      customerNip: c?.nip ?? null,
    },
    defaultVatRate(settings),
  );
  const createdDate = warsawDay();
  const saleDate = o.loadingDate ? warsawDay(o.loadingDate) : createdDate;
  const currency = o.customerPriceCurrency;
  const quote = currency === 'eur' ? await quoteEurRate(nbp, db, saleDate) : null;
  const route = [o.loadingCity, o.unloadingCity].filter(Boolean).join(' – ');
  return {
    type,
    number: null,
    createdDate,
    saleDate,
    paymentDate: o.customerDateOfPayment ? warsawDay(o.customerDateOfPayment) : null,
    paymentDateString: o.customerDateOfPayment ? null : (o.customerDateOfPaymentString ?? null),
    paymentMethod: DEFAULT_PAYMENT_METHOD,
    currency,
    description: [`Zlecenie nr ${o.number}${route ? `: ${route}` : ''}`, vat.note].filter(Boolean).join('\n'),
    ...vendorOf(settings),
    customer: c?.uuid ? iri('customers', c.uuid) : null,
    customerName: c ? (c.companyName ?? c.name) : null,
    customerNip: c?.nip ?? null,
    customerStreetAddress: c?.streetAddress ?? null,
    customerPostalCode: c?.postalCode ?? null,
    customerCity: c?.city ?? null,
    customerCountry: c?.country ?? 'PL',
    customerEmail: c?.email ?? null,
    orderEntity: type === 'vat' ? iri('orders', o.uuid) : null,
    orderProFormaEntity: type === 'proforma' ? iri('orders', o.uuid) : null,
    reverseCharge: vat.reverseCharge,
    exchangeRate: quote?.rate ?? null,
    exchangeRateSource: quote?.source ?? null,
    exchangeRateTable: quote?.table ?? null,
    exchangeRateDate: quote?.date ?? null,
    invoicePositions: [transportPosition(o.distance, o.customerPrice, vat.vatRate)],
    vatNote: vat.note,
  };
}

/** A VAT invoice from a ProForma (same buyer and positions), or a corrective of a VAT invoice (its differences). */
export function draftFromInvoice(source: Invoice, type: Extract<InvoiceType, 'vat' | 'corrective'>): InvoiceDraft {
  const today = warsawDay();
  const common = {
    number: null,
    createdDate: today,
    saleDate: source.saleDate,
    paymentDate: source.paymentDate,
    paymentDateString: source.paymentDateString,
    paymentMethod: source.paymentMethod,
    currency: source.currency,
    description: source.description,
    vendorName: source.vendorName,
    vendorNip: source.vendorNip,
    vendorStreetAddress: source.vendorStreetAddress,
    vendorPostalCode: source.vendorPostalCode,
    vendorCity: source.vendorCity,
    vendorBankAccount: source.vendorBankAccount,
    customer: source.customer?.['@id'] ?? null,
    customerName: source.customerName,
    customerNip: source.customerNip,
    customerStreetAddress: source.customerStreetAddress,
    customerPostalCode: source.customerPostalCode,
    customerCity: source.customerCity,
    customerCountry: source.customerCountry,
    customerEmail: source.customerEmail,
    reverseCharge: source.reverseCharge,
  };
  if (type === 'vat') {
    return {
      ...common,
      type,
      orderEntity: source.orderProFormaEntity?.['@id'] ?? source.orderEntity?.['@id'] ?? null,
      invoicePositions: source.invoicePositions.map(({ title, amount, unit, netto, vatRate }) => ({
        title,
        amount,
        unit,
        netto,
        vatRate,
      })),
      vatNote: null,
    };
  }
  return {
    ...common,
    type,
    correctedDocumentNumber: source.number,
    correctedDocumentDate: source.createdDate,
    correctedInvoice: source['@id'],
    correctionReason: null,
    orderEntity: source.orderEntity?.['@id'] ?? null,
    // The corrective keeps the original's rate: its differences are converted as the original was.
    exchangeRate: source.exchangeRate,
    exchangeRateSource: source.exchangeRateSource,
    exchangeRateTable: source.exchangeRateTable,
    exchangeRateDate: source.exchangeRateDate,
    // Differences to type: the original's lines with a zero price.
    invoicePositions: source.invoicePositions.map(({ title, amount, unit, vatRate }) => ({
      title,
      amount,
      unit,
      netto: 0,
      vatRate,
    })),
    vatNote: null,
  };
}

import {
  dimensionsText,
  type Invoice,
  type Order,
  orderStatusLabels,
  type PaymentSide,
  placeOf,
  placeText,
  type Query,
} from '@spedycja/domain';
import { getTableColumns, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, customers } from '../../db/schema/index.ts';
import type { ExportColumn, ExportSource } from '../../http/export.ts';
import type { RawQuery } from '../../http/filters.ts';
import { carrierFilters, toCarrierJson } from '../carriers/repository.ts';
import { customerFilters, toCustomerJson } from '../customers/repository.ts';
import { invoiceFilters } from '../invoices/filters.ts';
import { selectInvoices, toInvoiceJson } from '../invoices/repository.ts';
import { archiveFilters } from '../loadings/archive.ts';
import { orderFilters } from '../orders/filters.ts';
import { type OrderExportRecord, selectOrdersForExport } from '../orders/repository.ts';
import { paymentFilters } from '../payments/filters.ts';
import { type PaymentRecord, selectPayments, toPaymentJson } from '../payments/repository.ts';
import { queryFilters } from '../queries/filters.ts';
import { isoOrNull, type QueryRecord, selectQueries, toQueryJson } from '../queries/repository.ts';
import { selectTasks, type TaskRecord, taskFilters, toTaskJson, triesOf } from '../tasks/repository.ts';

/**
 * The export of every table (see src/http/export.ts): each source is its list's filter spec and select, and the columns
 * of its screen with their Polish headers. Money comes with its currency in the next column.
 */

type Named = { companyName: string | null; name: string | null } | null;
const partyName = (p: Named) => p?.companyName || p?.name || null;
const place = (side: 'loading' | 'unloading') => (s: Parameters<typeof placeOf>[0]) => placeText(placeOf(s, side));

/** What the orders' columns read of an order (the list's JSON shape, the export's lean record). */
type OrderJson = Pick<
  Order,
  | 'number'
  | 'status'
  | 'cargo'
  | 'cargoLength'
  | 'cargoWidth'
  | 'cargoHeight'
  | 'cargoWeight'
  | 'loadingPostalCode'
  | 'loadingCity'
  | 'loadingCountry'
  | 'loadingDate'
  | 'unloadingPostalCode'
  | 'unloadingCity'
  | 'unloadingCountry'
  | 'unloadingDate'
  | 'distance'
  | 'customerPrice'
  | 'customerPriceCurrency'
  | 'carrierPrice'
  | 'carrierPriceCurrency'
  | 'margin'
  | 'marginPercent'
  | 'loadingType'
  | 'customerPaid'
  | 'additionalInfo'
  | 'createdDate'
> & { customer: Named; carrier: Named; user: { name: string } | null };

function orderItem({ order: o, customer, carrier, owner }: OrderExportRecord): OrderJson {
  return {
    ...o,
    status: o.status as Order['status'],
    loadingDate: isoOrNull(o.loadingDate),
    unloadingDate: isoOrNull(o.unloadingDate),
    createdDate: o.createdAt.toISOString(),
    customer,
    carrier,
    user: owner?.uuid ? { name: owner.name } : null,
  };
}
const orderColumns: ExportColumn<OrderJson>[] = [
  { header: '#', kind: 'text', value: (o) => o.number },
  { header: 'Status', kind: 'text', value: (o) => orderStatusLabels[o.status as keyof typeof orderStatusLabels] },
  { header: 'Towar', kind: 'text', value: (o) => o.cargo, width: 30 },
  { header: 'Wymiary towaru', kind: 'text', value: (o) => dimensionsText(o) },
  { header: 'Waga towaru (t)', kind: 'decimal', value: (o) => o.cargoWeight },
  { header: 'Miejsce załadunku', kind: 'text', value: place('loading'), width: 28 },
  { header: 'Miejsce rozładunku', kind: 'text', value: place('unloading'), width: 28 },
  { header: 'Data załadunku', kind: 'wallClock', value: (o) => o.loadingDate },
  { header: 'Data rozładunku', kind: 'wallClock', value: (o) => o.unloadingDate },
  { header: 'Odległość (km)', kind: 'int', value: (o) => o.distance },
  { header: 'Cena klienta', kind: 'money', value: (o) => o.customerPrice },
  { header: 'Waluta ceny klienta', kind: 'text', value: (o) => o.customerPriceCurrency.toUpperCase() },
  { header: 'Cena przewoźnika', kind: 'money', value: (o) => o.carrierPrice },
  { header: 'Waluta ceny przewoźnika', kind: 'text', value: (o) => o.carrierPriceCurrency.toUpperCase() },
  { header: 'Marża (PLN)', kind: 'money', value: (o) => o.margin },
  { header: 'Marża (%)', kind: 'percent', value: (o) => o.marginPercent },
  { header: 'Typ załadunku', kind: 'text', value: (o) => o.loadingType },
  { header: 'Klient', kind: 'text', value: (o) => partyName(o.customer), width: 30 },
  { header: 'Klient opłacił', kind: 'bool', value: (o) => o.customerPaid },
  { header: 'Przewoźnik', kind: 'text', value: (o) => partyName(o.carrier), width: 30 },
  { header: 'Opiekun', kind: 'text', value: (o) => o.user?.name },
  { header: 'Data dodania', kind: 'instant', value: (o) => o.createdDate },
  { header: 'Dodatkowe informacje', kind: 'text', value: (o) => o.additionalInfo, width: 40 },
];

// The list's JSON is the domain's Query (its embedded refs typed loosely by the repository).
type QueryJson = Query;
const queryColumns: ExportColumn<QueryJson>[] = [
  { header: '#', kind: 'int', value: (q) => q.id },
  { header: 'Status', kind: 'text', value: (q) => q.status },
  { header: 'Towar', kind: 'text', value: (q) => q.cargo, width: 30 },
  { header: 'Parametry towaru', kind: 'text', value: (q) => dimensionsText(q) },
  { header: 'Waga towaru (t)', kind: 'decimal', value: (q) => q.cargoWeight },
  { header: 'Miejsce załadunku', kind: 'text', value: place('loading'), width: 28 },
  { header: 'Miejsce rozładunku', kind: 'text', value: place('unloading'), width: 28 },
  { header: 'Data załadunku', kind: 'wallClock', value: (q) => q.loadingDate },
  { header: 'Odległość (km)', kind: 'int', value: (q) => q.distance },
  { header: 'Cena oczekiwana', kind: 'money', value: (q) => q.customerPrice },
  { header: 'Cena przedstawiona', kind: 'money', value: (q) => q.customerPriceSuggested },
  { header: 'Waluta', kind: 'text', value: (q) => q.customerPriceCurrency.toUpperCase() },
  { header: 'Najlepsza oferta przewoźnika', kind: 'money', value: (q) => q.bestOffer },
  { header: 'Waluta oferty', kind: 'text', value: (q) => q.bestOfferCurrency?.toUpperCase() },
  { header: 'Marża najlepszej oferty (PLN)', kind: 'money', value: (q) => q.bestOfferMargin },
  { header: 'Typ załadunku', kind: 'text', value: (q) => q.loadingType },
  { header: 'Klient', kind: 'text', value: (q) => partyName(q.customer), width: 30 },
  { header: 'Dodatkowe informacje', kind: 'text', value: (q) => q.additionalInfo, width: 40 },
  { header: 'Data dodania', kind: 'instant', value: (q) => q.createdDate },
  { header: 'Opiekun', kind: 'text', value: (q) => q.user?.name },
];

type TaskJson = ReturnType<typeof toTaskJson>;
const taskColumns: ExportColumn<TaskJson>[] = [
  { header: '#', kind: 'int', value: (t) => t.id },
  { header: 'Status', kind: 'text', value: (t) => t.status },
  {
    header: 'Zapytanie/Zlecenie',
    kind: 'text',
    value: (t) =>
      t.orderEntity ? `Zlecenie ${t.orderEntity.number}` : t.queryEntity ? `Zapytanie ${t.queryEntity.id}` : null,
  },
  { header: 'Telefon kontaktowy', kind: 'text', value: (t) => (t.phone ? `+${t.phonePrefix} ${t.phone}` : null) },
  { header: 'Komentarz', kind: 'text', value: (t) => t.comment, width: 40 },
  { header: 'Data kontaktu', kind: 'instant', value: (t) => t.contactDate },
  { header: 'Próby kontaktu', kind: 'int', value: (t) => t.attempts.length },
  { header: 'Data utworzenia', kind: 'instant', value: (t) => t.createdDate },
  { header: 'Data zakończenia', kind: 'instant', value: (t) => t.finishedDate },
  { header: 'Przypisany użytkownik', kind: 'text', value: (t) => t.user?.name },
];

type PartyJson = ReturnType<typeof toCustomerJson> | ReturnType<typeof toCarrierJson>;
const partyColumns = <T extends PartyJson>(extra: ExportColumn<T>[]): ExportColumn<T>[] => [
  { header: '#', kind: 'int', value: (p) => p.id },
  { header: 'Nazwa firmy', kind: 'text', value: (p) => p.companyName, width: 30 },
  { header: 'Imię i nazwisko', kind: 'text', value: (p) => p.name },
  { header: 'NIP', kind: 'text', value: (p) => p.nip },
  { header: 'Telefon', kind: 'text', value: (p) => (p.phone ? `+${p.phonePrefix} ${p.phone}` : null) },
  { header: 'Adres e-mail', kind: 'text', value: (p) => p.email },
  {
    header: 'Adres',
    kind: 'text',
    value: (p) => [p.streetAddress, [p.postalCode, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    width: 30,
  },
  { header: 'Kraj', kind: 'text', value: (p) => p.country },
  { header: 'Język', kind: 'text', value: (p) => p.language },
  { header: 'Data dodania', kind: 'instant', value: (p) => p.createdDate },
  ...extra,
];
type CarrierJson = ReturnType<typeof toCarrierJson>;
const carrierColumns = partyColumns<CarrierJson>([
  { header: 'Kraje obsługiwane', kind: 'text', value: (c) => c.countries?.join(', ') },
  { header: 'Maks. długość (m)', kind: 'decimal', value: (c) => c.maxCargoLength },
  { header: 'Maks. szerokość (m)', kind: 'decimal', value: (c) => c.maxCargoWidth },
  { header: 'Maks. wysokość (m)', kind: 'decimal', value: (c) => c.maxCargoHeight },
  { header: 'Maks. waga (t)', kind: 'decimal', value: (c) => c.maxCargoWeight },
  { header: 'Sposób kontaktu', kind: 'text', value: (c) => c.methodOfContact },
]);
type CustomerJson = ReturnType<typeof toCustomerJson>;
const customerColumns = partyColumns<CustomerJson>([
  { header: 'Pozyskany przez', kind: 'text', value: (c) => c.acquiredBy },
]);

const invoiceColumns: ExportColumn<Invoice>[] = [
  { header: 'Numer', kind: 'text', value: (i) => i.number },
  { header: 'Data wystawienia', kind: 'date', value: (i) => i.createdDate },
  { header: 'Data sprzedaży', kind: 'date', value: (i) => i.saleDate },
  { header: 'Termin płatności', kind: 'date', value: (i) => i.paymentDate },
  { header: 'Nabywca', kind: 'text', value: (i) => i.customerName, width: 30 },
  { header: 'NIP nabywcy', kind: 'text', value: (i) => i.customerNip },
  { header: 'Netto', kind: 'money', value: (i) => i.totalNet },
  { header: 'VAT', kind: 'money', value: (i) => i.totalVat },
  { header: 'Brutto', kind: 'money', value: (i) => i.totalGross },
  { header: 'Waluta', kind: 'text', value: (i) => i.currency.toUpperCase() },
  { header: 'Zlecenie', kind: 'text', value: (i) => i.orderEntity?.number ?? i.orderProFormaEntity?.number },
  { header: 'Wysłana', kind: 'bool', value: (i) => i.invoiceSent },
  { header: 'Zapłacona', kind: 'bool', value: (i) => i.paid },
];

type PaymentJson = ReturnType<typeof toPaymentJson>;
const paymentColumns = (side: PaymentSide): ExportColumn<PaymentJson>[] => [
  { header: 'Zlecenie', kind: 'text', value: (p) => p.number },
  { header: side === 'customer' ? 'Klient' : 'Przewoźnik', kind: 'text', value: (p) => partyName(p.party), width: 30 },
  { header: 'Kwota', kind: 'money', value: (p) => p.amount },
  { header: 'Waluta', kind: 'text', value: (p) => p.currency.toUpperCase() },
  { header: 'Kwota (PLN)', kind: 'money', value: (p) => p.amountPln },
  { header: 'Termin płatności', kind: 'date', value: (p) => p.paymentDate },
  { header: 'Termin opisowy', kind: 'text', value: (p) => p.paymentTerm },
  { header: 'Dni po terminie', kind: 'int', value: (p) => p.daysOverdue },
  { header: 'Faktura', kind: 'text', value: (p) => p.invoice?.number },
  { header: 'Data załadunku', kind: 'wallClock', value: (p) => p.loadingDate },
  { header: 'Opiekun', kind: 'text', value: (p) => p.user?.name },
];

const fixed =
  <S>(spec: S) =>
  () =>
    spec;

export const orderExport: ExportSource<OrderExportRecord, OrderJson> = {
  fileName: 'zlecenia',
  spec: fixed(orderFilters),
  select: (db, _q, extra) => selectOrdersForExport(db, extra).$dynamic(),
  items: (_db, rows) => rows.map(orderItem),
  columns: orderColumns,
};

/** The loadings archive: finished orders through the archive's filters, with the orders' columns. */
export const archiveExport: ExportSource<OrderExportRecord, OrderJson> = {
  ...orderExport,
  fileName: 'archiwum-zaladunkow',
  spec: fixed(archiveFilters),
};

export const queryExport: ExportSource<QueryRecord, QueryJson> = {
  fileName: 'zapytania',
  spec: fixed(queryFilters),
  select: (db, _q, extra) => selectQueries(db, extra).$dynamic(),
  items: (_db, rows) => rows.map(toQueryJson) as unknown as Query[],
  columns: queryColumns,
};

export const taskExport: ExportSource<TaskRecord, TaskJson> = {
  fileName: 'zadania',
  spec: fixed(taskFilters),
  select: (db, _q, extra) => selectTasks(db, extra).$dynamic(),
  // The attempts of a batch in one query, as the list does for a page.
  items: async (db: DbOrTx, rows) => {
    const tries = await triesOf(
      db,
      rows.map((r) => r.task.id),
    );
    return rows.map((r) => toTaskJson(r, tries.get(r.task.id) ?? []));
  },
  columns: taskColumns,
};

const partySelect =
  (table: typeof customers | typeof carriers) => (db: DbOrTx, _q: RawQuery, extra: Record<string, SQL>) =>
    db
      .select({ ...getTableColumns(table), ...extra })
      .from(table)
      .$dynamic();

export const customerExport: ExportSource<typeof customers.$inferSelect, CustomerJson> = {
  fileName: 'klienci',
  spec: fixed(customerFilters),
  select: partySelect(customers),
  items: (_db, rows) => rows.map(toCustomerJson),
  columns: customerColumns,
};

export const carrierExport: ExportSource<typeof carriers.$inferSelect, CarrierJson> = {
  fileName: 'przewoznicy',
  spec: fixed(carrierFilters),
  select: partySelect(carriers),
  items: (_db, rows) => rows.map(toCarrierJson),
  columns: carrierColumns,
};

export const invoiceExport: ExportSource<Parameters<typeof toInvoiceJson>[0], Invoice> = {
  fileName: 'faktury',
  spec: fixed(invoiceFilters),
  select: (db, _q, extra) => selectInvoices(db, extra).$dynamic(),
  items: (_db, rows) => rows.map(toInvoiceJson),
  columns: invoiceColumns,
};

/** One source for both lists: `side` chooses the receivables or the payables, as on the list. */
export const paymentExport = (side: PaymentSide): ExportSource<PaymentRecord, PaymentJson> => ({
  fileName: side === 'customer' ? 'naleznosci' : 'zobowiazania',
  spec: fixed(paymentFilters(side)),
  select: (db, _q, extra) => selectPayments(db, side, extra).$dynamic(),
  items: (_db, rows) => rows.map((row) => toPaymentJson(side, row)),
  columns: paymentColumns(side),
});

import {
  canonicalTaxId,
  formatDate,
  formatDecimal,
  IMPORT_FIELDS,
  type ImportMapping,
  type ImportPreviewCell,
  isValidPolishNip,
  LOADING_TYPES,
  importMessages as msg,
  needsPolishNipCheck,
  orderStatusLabels,
} from '@spedycja/domain';
import { type Cell, readAmount, readCountry, readDateTime } from './normalise.ts';

/** A status as offices write it → the app's: 'zrealizowane' is 'zakonczone'. */
const STATUSES: Record<string, 'aktywne' | 'zakonczone' | 'anulowane'> = {
  aktywne: 'aktywne',
  aktywna: 'aktywne',
  otwarte: 'aktywne',
  nowe: 'aktywne',
  'w realizacji': 'aktywne',
  'w trakcie': 'aktywne',
  active: 'aktywne',
  open: 'aktywne',
  zakonczone: 'zakonczone',
  zakończone: 'zakonczone',
  zrealizowane: 'zakonczone',
  wykonane: 'zakonczone',
  dostarczone: 'zakonczone',
  rozliczone: 'zakonczone',
  done: 'zakonczone',
  completed: 'zakonczone',
  delivered: 'zakonczone',
  anulowane: 'anulowane',
  anulowano: 'anulowane',
  odwolane: 'anulowane',
  odwołane: 'anulowane',
  cancelled: 'anulowane',
  canceled: 'anulowane',
};
for (const [status, label] of Object.entries(orderStatusLabels)) {
  if (status === 'aktywne' || status === 'zakonczone' || status === 'anulowane') STATUSES[label.toLowerCase()] = status;
}

export const readStatus = (raw: string) => STATUSES[raw.trim().toLowerCase()] ?? null;

const CURRENCIES: Record<string, 'pln' | 'eur'> = {
  pln: 'pln',
  zł: 'pln',
  zl: 'pln',
  eur: 'eur',
  '€': 'eur',
  euro: 'eur',
};

/** 'PL 00-001 Warszawa' (the app's export), 'Warszawa, PL', 'DE-10115 Berlin' → country, postal code, city. */
export function splitPlace(raw: string): { country: string | null; postalCode: string | null; city: string | null } {
  let text = raw.trim();
  let country: string | null = null;
  const lead = /^([A-Z]{2})[\s-]+(.*)$/.exec(text);
  if (lead && readCountry(lead[1] as string)) {
    country = readCountry(lead[1] as string);
    text = lead[2] as string;
  } else {
    const tail = /^(.*?)[,\s]+\(?([A-Za-z]{2})\)?$/.exec(text);
    if (tail && readCountry(tail[2] as string)) {
      country = readCountry(tail[2] as string);
      text = tail[1] as string;
    }
  }
  const code = /^(\d{2}-\d{3}|\d{4,5}|[A-Z0-9]{2,4}\s?[A-Z0-9]{3})\s+(.+)$/.exec(text);
  if (code) return { country, postalCode: code[1] as string, city: (code[2] as string).trim() };
  return { country, postalCode: null, city: text || null };
}

export type NormalisedOrder = {
  values: Record<string, unknown>;
  /** The parties named by the row: a NIP and/or a name. */
  customer: { nip: string | null; name: string | null };
  carrier: { nip: string | null; name: string | null };
  cells: ImportPreviewCell[];
  errors: string[];
};

const LABELS = Object.fromEntries(IMPORT_FIELDS.orders.map((f) => [f.key, f.label]));

/**
 * One row of orders read through the mapping: the number kept as given, the status mapped, places split into
 * country, postal code and city, dates (with their time when given) and prices in hundredths with their currency; the
 * customer and the carrier named by NIP and/or name (found or created by the run).
 */
export function normaliseOrder(cells: string[], mapping: ImportMapping): NormalisedOrder {
  const out: ImportPreviewCell[] = [];
  const values: Record<string, unknown> = {};
  const errors: string[] = [];
  const raw = (field: string) => {
    const index = mapping[field];
    return index === null || index === undefined ? null : (cells[index] ?? '');
  };
  const put = (field: string, source: string | null, cell: Cell) => {
    out.push({
      field,
      source,
      value: cell.value,
      display: cell.display ?? (cell.value === null || cell.value === undefined ? '' : String(cell.value)),
      ...(cell.error ? { error: cell.error } : {}),
    });
    if (cell.error) errors.push(`${LABELS[field] ?? field}: ${cell.error}`);
  };
  const read = (field: string, reader: (text: string) => Cell, target = field) => {
    const text = raw(field);
    if (text === null) return;
    if (text === '') return put(field, '', { value: null });
    const cell = reader(text);
    put(field, text, cell);
    if (!cell.error && cell.value !== null && cell.value !== undefined) values[target] = cell.value;
  };
  const plainText =
    (max: number) =>
    (text: string): Cell =>
      text.length > max ? { value: null, error: msg.tooLong(max) } : { value: text };
  read('number', plainText(40));
  read('status', (text) => {
    const status = readStatus(text);
    return status ? { value: status } : { value: null, error: msg.valueUnknown(text) };
  });
  read('cargo', plainText(255));
  read('cargoWeight', (text) => {
    const value = readAmount(text.replace(/\s*t$/i, ''));
    return value === null || value < 0
      ? { value: null, error: msg.amountInvalid(text) }
      : { value, display: formatDecimal(value) };
  });
  for (const side of ['loading', 'unloading'] as const) {
    read(`${side}Place`, (text) => {
      const place = splitPlace(text);
      return { value: place, display: [place.country, place.postalCode, place.city].filter(Boolean).join(' ') };
    });
    const place = values[`${side}Place`] as ReturnType<typeof splitPlace> | undefined;
    delete values[`${side}Place`];
    if (place) {
      if (place.country) values[`${side}Country`] = place.country;
      if (place.postalCode) values[`${side}PostalCode`] = place.postalCode;
      if (place.city) values[`${side}City`] = place.city;
    }
    read(`${side}City`, plainText(120));
    read(`${side}PostalCode`, plainText(20));
    read(`${side}Country`, (text) => {
      const iso = readCountry(text);
      return iso ? { value: iso } : { value: null, error: msg.countryUnknown(text) };
    });
    read(`${side}Date`, (text) => {
      const value = readDateTime(text);
      return value
        ? {
            value,
            display: `${formatDate(value.slice(0, 10))}${value.endsWith(' 00:00') ? '' : ` ${value.slice(11)}`}`,
          }
        : { value: null, error: msg.dateInvalid(text) };
    });
  }
  for (const party of ['customer', 'carrier'] as const) {
    read(`${party}Price`, (text) => {
      const value = readAmount(text);
      return value === null || value < 0
        ? { value: null, error: msg.amountInvalid(text) }
        : { value, display: formatDecimal(value) };
    });
    read(`${party}PriceCurrency`, (text) => {
      const value = CURRENCIES[text.trim().toLowerCase()];
      return value ? { value, display: value.toUpperCase() } : { value: null, error: msg.valueUnknown(text) };
    });
  }
  read('loadingType', (text) => {
    const found = LOADING_TYPES.find((t) => t === text.trim().toLowerCase());
    return found ? { value: found } : { value: null, error: msg.valueUnknown(text) };
  });
  read('additionalInfo', plainText(2000));
  const parties = {
    customer: { nip: null, name: null },
    carrier: { nip: null, name: null },
  } as NormalisedOrder['customer'] extends infer P ? { customer: P; carrier: P } : never;
  for (const party of ['customer', 'carrier'] as const) {
    read(`${party}Name`, plainText(255), `${party}Name`);
    read(
      `${party}Nip`,
      (text) => {
        const nip = canonicalTaxId(text);
        if (!/^[A-Z0-9]{1,20}$/.test(nip)) return { value: null, error: msg.nipShape };
        if (needsPolishNipCheck(nip, null) && !isValidPolishNip(nip)) return { value: null, error: msg.nipInvalid };
        return { value: nip };
      },
      `${party}Nip`,
    );
    parties[party] = {
      nip: (values[`${party}Nip`] as string | undefined) ?? null,
      name: (values[`${party}Name`] as string | undefined) ?? null,
    };
    delete values[`${party}Nip`];
    delete values[`${party}Name`];
  }
  if (!parties.customer.nip && !parties.customer.name && !errors.length)
    errors.push(`${LABELS.customerName}: ${msg.customerRequired}`);
  if (values.loadingDate && values.unloadingDate && String(values.unloadingDate) < String(values.loadingDate)) {
    errors.push(`${LABELS.unloadingDate}: Data załadunku nie może być późniejsza niż data rozładunku!`);
  }
  return { values, customer: parties.customer, carrier: parties.carrier, cells: out, errors };
}

/** The order's fields a row may write. */
export const ORDER_WRITABLE = [
  'number',
  'status',
  'cargo',
  'cargoWeight',
  'loadingCity',
  'loadingPostalCode',
  'loadingCountry',
  'loadingDate',
  'unloadingCity',
  'unloadingPostalCode',
  'unloadingCountry',
  'unloadingDate',
  'customerPrice',
  'customerPriceCurrency',
  'carrierPrice',
  'carrierPriceCurrency',
  'loadingType',
  'additionalInfo',
] as const;

/** '12/03/2025' → the counter's period and its n, for the numbering of new orders to continue after it. */
export function numberPeriod(number: string): { period: string; n: number } | null {
  const m = /^(\d{1,7})\/(\d{2})\/(\d{4})$/.exec(number.trim());
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { period: `${m[3]}-${m[2]}`, n: Number(m[1]) };
}

import { EMPTY_VALUE, type PublicQuery } from '@spedycja/domain';

// The browser's Polish country names rather than the domain's countryName: its list (i18n-iso-countries) would add
// 10 kB gzipped to the public page's first load for a fallback that shows only when a query has no city.
const regionNames = new Intl.DisplayNames(['pl'], { type: 'region' });
const countryName = (iso: string | null) => (iso ? (regionNames.of(iso) ?? iso) : null);

/** 'Warszawa, 00-001 (PL)'; 'Brak' when nothing is known. */
export function publicPlace(q: PublicQuery, side: 'loading' | 'unloading'): string {
  const city = q[`${side}City`];
  const postalCode = q[`${side}PostalCode`];
  const country = q[`${side}Country`];
  const place = [city, postalCode].filter(Boolean).join(', ');
  const text = [place, country && `(${country})`].filter(Boolean).join(' ');
  return text || EMPTY_VALUE;
}

/** 'Warszawa (PL) → Berlin (DE)' for titles. */
export function publicRoute(q: PublicQuery): string {
  const end = (side: 'loading' | 'unloading') => {
    const city = q[`${side}City`] ?? countryName(q[`${side}Country`]) ?? EMPTY_VALUE;
    const country = q[`${side}Country`];
    return country ? `${city} (${country})` : city;
  };
  return `${end('loading')} → ${end('unloading')}`;
}

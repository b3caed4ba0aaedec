import { countryName, EMPTY_VALUE, type PublicQuery } from '@spedycja/domain';

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

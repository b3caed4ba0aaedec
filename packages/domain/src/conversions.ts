/** Conversions of a query into an order and back (SPEC §4). */
export const conversionMessages = {
  queryConverted: 'To zapytanie zostało już zamienione w zlecenie.',
  orderConverted: 'To zlecenie zostało już zamienione w zapytanie.',
  offerNotUsable: 'Wybierz aktywną ofertę tego zapytania z przypisanym przewoźnikiem.',
} as const;

/** Texts of the settings page (SPEC §8). */
export const settingsMessages = {
  title: 'Ustawienia',
  save: 'Zapisz',
  saved: 'Ustawienia zostały pomyślnie zaktualizowane!',
  updateAction: 'aktualizacji ustawień',
  loadAction: 'ładowania ustawień',
  noChanges: 'Nie wprowadzono żadnych zmian.',
  euroRateHint: 'Kurs w złotych, np. 4,30',
} as const;

/** Texts of the settings page (SPEC §8). */
export const settingsMessages = {
  title: 'Ustawienia',
  save: 'Zapisz',
  saved: 'Ustawienia zostały pomyślnie zaktualizowane!',
  updateAction: 'aktualizacji ustawień',
  loadAction: 'ładowania ustawień',
  noChanges: 'Nie wprowadzono żadnych zmian.',
  euroRateHint: 'Kurs w złotych, np. 4,30',
  refresh: 'Pobierz kurs z NBP',
  refreshAction: 'pobierania kursu z NBP',
  refreshed: (rate: string, table: string, date: string) =>
    `Pobrano kurs euro z NBP: ${rate} zł (tabela ${table} z dnia ${date}).`,
} as const;

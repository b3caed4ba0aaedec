import { carrierMessages } from '@spedycja/domain';

/** Texts of the carriers screens (SPEC §2, §3, §8); notifications come from the domain's carrierMessages. */
export const carriersMessages = {
  ...carrierMessages,
  title: 'Przewoźnicy',
  tableLabel: 'Lista przewoźników',
  add: 'Dodaj przewoźnika',
  createTitle: 'Dodaj przewoźnika',
  editTitle: 'Edytuj przewoźnika',
  deleteTitle: 'Usuwanie przewoźnika',
  deleteQuestion: (name: string) => `Czy na pewno chcesz usunąć przewoźnika ${name}?`,
  fields: {
    accountNumber: 'Numer konta',
    countries: 'Obsługiwane kraje',
    maxCargoLength: 'Maks. długość (m)',
    maxCargoWidth: 'Maks. szerokość (m)',
    maxCargoHeight: 'Maks. wysokość (m)',
    maxCargoWeight: 'Maks. waga (t)',
    methodOfContact: 'Sposób kontaktu',
  },
  columns: {
    countries: 'Kraje obsługiwane',
    dimensions: 'Wymiary',
    methodOfContact: 'Sposób kontaktu',
    verificationStatus: 'Weryfikacja',
  },
  filters: {
    verificationStatus: 'Weryfikacja',
    country: 'Kraj obsługiwany',
    minLength: 'Min. długość (m)',
    minWidth: 'Min. szerokość (m)',
    minHeight: 'Min. wysokość (m)',
    minWeight: 'Min. waga (t)',
  },
  countries: {
    selectAll: 'Zaznacz wszystkie',
    deselectAll: 'Odznacz wszystkie',
    selectGroup: (group: string) => `Zaznacz wszystkie (${group})`,
    deselectGroup: (group: string) => `Odznacz wszystkie (${group})`,
    others: 'Inne kraje',
    selected: (count: number, total: number) => `${count} z ${total}`,
    none: 'Brak',
  },
  picker: {
    label: 'Przewoźnik',
    add: 'Dodaj nowego przewoźnika',
    edit: 'Edytuj wybranego przewoźnika',
  },
} as const;

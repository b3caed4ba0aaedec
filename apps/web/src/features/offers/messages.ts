import { offerMessages } from '@spedycja/domain';

/** Texts of the offers modal and form (SPEC §2 Offers table, §8); notifications come from the domain. */
export const offersMessages = {
  ...offerMessages,
  title: (route: string) => `Oferty przewoźników: ${route}`,
  tableLabel: 'Lista ofert przewoźników',
  add: 'Dodaj ofertę',
  createTitle: 'Dodaj ofertę przewoźnika',
  editTitle: 'Edytuj ofertę przewoźnika',
  edit: 'Edytuj ofertę',
  delete: 'Usuń ofertę',
  deleteTitle: 'Usuwanie oferty',
  deleteQuestion: (carrier: string, price: string) => `Czy na pewno chcesz usunąć ofertę ${carrier} (${price})?`,
  rowLabel: (id: number) => `Oferta ${id}`,
  pending: 'oczekuje na potwierdzenie',
  /** The offer whose carrier and price the order took. */
  chosen: 'Wybrana',
  pendingTitle: (n: number) => `Oferty ze strony oczekujące na potwierdzenie e-mailem (${n})`,
  pendingHint: 'Przewoźnik nie kliknął jeszcze linku w wiadomości: oferta nie liczy się jako najlepsza.',
  columns: {
    id: '#',
    carrier: 'Przewoźnik',
    price: 'Oferta',
    phone: 'Telefon',
    email: 'Adres e-mail',
    acquiredBy: 'Pozyskany przez',
    createdDate: 'Data dodania',
    actions: 'Akcje',
  },
  fields: {
    carrier: 'Przewoźnik',
    price: 'Cena',
    currency: 'Waluta',
    acquiredBy: 'Pozyskany przez',
    email: 'Adres e-mail',
    phonePrefix: 'Prefiks',
    phone: 'Telefon',
  },
} as const;

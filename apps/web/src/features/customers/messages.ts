import { customerMessages } from '@spedycja/domain';

/** Texts of the customers screens (SPEC §2, §3, §8); notifications come from the domain's customerMessages. */
export const customersMessages = {
  ...customerMessages,
  title: 'Klienci',
  tableLabel: 'Lista klientów',
  add: 'Dodaj klienta',
  createTitle: 'Dodaj klienta',
  editTitle: 'Edytuj klienta',
  deleteTitle: 'Usuwanie klienta',
  deleteQuestion: (name: string) => `Czy na pewno chcesz usunąć klienta ${name}?`,
  acquiredBy: 'Pozyskany przez',
  noReminders: 'Bez przypomnień',
  noRemindersHint: 'Klient nie dostaje automatycznych przypomnień o płatnościach.',
  picker: {
    label: 'Klient',
    add: 'Dodaj nowego klienta',
    edit: 'Edytuj wybranego klienta',
  },
} as const;

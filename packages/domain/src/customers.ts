import { z } from 'zod';
import { milestoneList } from './customerWindow.ts';
import type { CustomerDebt } from './debtors.ts';
import { CUSTOMER_ACQUISITION_SOURCES } from './dictionaries.ts';
import {
  optionalEnum,
  type PartyRecord,
  partyDefaults,
  partyFields,
  partyUpdateFields,
  refineParty,
} from './parties.ts';
import { withTypedPhone } from './phones.ts';

export const customerFieldsSchema = z.object({
  ...partyFields,
  ...partyDefaults,
  acquiredBy: optionalEnum(CUSTOMER_ACQUISITION_SOURCES),
  /** Issue 26: 'bez przypomnień' – no payment reminders go to this customer. */
  noReminders: z.boolean().optional().default(false),
  /** Issue 37: the tracking page shows the plates and the driver (null: the settings' default). */
  trackShowVehicle: z.boolean().nullable().optional(),
  /** Issue 37: the milestones mailed to the customer, 'sent,loaded,unloaded,cmr' (null: the settings' default). */
  milestoneMails: milestoneList.nullable().optional(),
});
export const customerCreateSchema = withTypedPhone(customerFieldsSchema.superRefine(refineParty));
export const customerUpdateSchema = withTypedPhone(
  z.object({
    ...partyUpdateFields,
    acquiredBy: z.enum(CUSTOMER_ACQUISITION_SOURCES).nullable().optional(),
    noReminders: z.boolean().optional(),
    trackShowVehicle: z.boolean().nullable().optional(),
    milestoneMails: milestoneList.nullable().optional(),
  }),
);

export type CustomerCreate = z.infer<typeof customerCreateSchema>;
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export type Customer = PartyRecord &
  CustomerDebt & {
    '@type': 'Customer';
    acquiredBy: string | null;
    noReminders: boolean;
    trackShowVehicle: boolean | null;
    milestoneMails: string | null;
    /** How many people of the customer have a panel login (active ones). */
    panelUsers?: number;
  };

export const customerMessages = {
  created: 'Klient został pomyślnie dodany!',
  updated: 'Klient został pomyślnie zaktualizowany!',
  deleted: 'Klient został pomyślnie usunięty!',
  duplicate: 'Klient o podanym numerze NIP lub numerze tel. już istnieje!',
  duplicateNip: (name: string) => `Klient z tym numerem NIP już istnieje: ${name}`,
  duplicatePhone: (name: string) => `Klient z tym numerem telefonu już istnieje: ${name}`,
  inUse: 'Nie można usunąć klienta, który ma zapytania, zlecenia lub faktury.',
  loadList: 'ładowania klientów',
  loadOne: 'ładowania klienta',
  create: 'tworzenia klienta',
  update: 'aktualizacji klienta',
  remove: 'usuwania klienta',
  hintSingular: 'klienta',
  hintPlural: 'klientów',
} as const;

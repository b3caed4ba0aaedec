import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { METHODS_OF_CONTACT } from './dictionaries.ts';
import { validationMessages as m, partyMessages } from './messages.ts';
import {
  optionalEnum,
  type PartyRecord,
  partyDefaults,
  partyFields,
  partyUpdateFields,
  refineParty,
} from './parties.ts';
import { withTypedPhone } from './phones.ts';
import { currency, optionalDate } from './shipments.ts';
import { bankAccountError } from './taxIds.ts';
import { optionalHundredths, optionalText } from './validation.ts';

const servedCountries = z
  .array(z.string().trim().toUpperCase().refine(isCountryCode, { error: m.oneOf }), { error: m.oneOf })
  .max(100)
  .transform((list) => [...new Set(list)].sort());

const accountNumber = optionalText(64).refine((v) => !v || !bankAccountError(v), {
  error: partyMessages.accountInvalid,
});

/** The carrier's OCP policy and licence. */
export const carrierInsuranceFields = {
  ocpInsurer: optionalText(255),
  ocpPolicyNumber: optionalText(64),
  ocpSum: optionalHundredths(),
  ocpSumCurrency: z.preprocess((v) => v ?? undefined, currency().optional()),
  ocpValidFrom: optionalDate(),
  ocpValidTo: optionalDate(),
  licenceNumber: optionalText(64),
  licenceValidTo: optionalDate(),
};

const carrierOwnFields = {
  accountNumber,
  maxCargoLength: optionalHundredths(),
  maxCargoWidth: optionalHundredths(),
  maxCargoHeight: optionalHundredths(),
  maxCargoWeight: optionalHundredths(),
  ...carrierInsuranceFields,
};

export const carrierFieldsSchema = z.object({
  ...partyFields,
  ...partyDefaults,
  ...carrierOwnFields,
  countries: z.preprocess((v) => v ?? [], servedCountries),
  methodOfContact: optionalEnum(METHODS_OF_CONTACT),
});
export const carrierCreateSchema = withTypedPhone(carrierFieldsSchema.superRefine(refineParty));
export const carrierUpdateSchema = withTypedPhone(
  z.object({
    ...partyUpdateFields,
    ...carrierOwnFields,
    countries: servedCountries.optional(),
    methodOfContact: z.enum(METHODS_OF_CONTACT, { error: m.oneOf }).nullable().optional(),
  }),
);

export type CarrierCreate = z.infer<typeof carrierCreateSchema>;
export type CarrierUpdate = z.infer<typeof carrierUpdateSchema>;

export type Carrier = PartyRecord & {
  '@type': 'Carrier';
  accountNumber: string | null;
  countries: string[];
  maxCargoLength: number | null;
  maxCargoWidth: number | null;
  maxCargoHeight: number | null;
  maxCargoWeight: number | null;
  methodOfContact: string | null;
  ocpInsurer: string | null;
  ocpPolicyNumber: string | null;
  ocpSum: number | null;
  ocpSumCurrency: string;
  ocpValidFrom: string | null;
  ocpValidTo: string | null;
  licenceNumber: string | null;
  licenceValidTo: string | null;
  /** Issue 39, kept as events happen: the average score of the last 12 months (two decimals) and the on-time %. */
  rating: number | null;
  onTimeRate: number | null;
};

export const carrierMessages = {
  created: 'Przewoźnik został pomyślnie dodany!',
  updated: 'Przewoźnik został pomyślnie zaktualizowany!',
  deleted: 'Przewoźnik został pomyślnie usunięty!',
  duplicate: 'Przewoźnik o podanym numerze NIP lub numerze tel. już istnieje!',
  duplicateNip: (name: string) => `Przewoźnik z tym numerem NIP już istnieje: ${name}`,
  duplicatePhone: (name: string) => `Przewoźnik z tym numerem telefonu już istnieje: ${name}`,
  inUse: 'Nie można usunąć przewoźnika, który ma oferty lub zlecenia.',
  loadList: 'ładowania przewoźników',
  loadOne: 'ładowania przewoźnika',
  create: 'tworzenia przewoźnika',
  update: 'aktualizacji przewoźnika',
  remove: 'usuwania przewoźnika',
  hintSingular: 'przewoźnika',
  hintPlural: 'przewoźników',
} as const;

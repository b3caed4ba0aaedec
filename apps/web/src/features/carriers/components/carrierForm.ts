import { type Carrier, carrierFieldsSchema } from '@spedycja/domain';
import { emptyPartyForm, type PartyFormValues, partyToForm } from '../../../components/parties/partyForm.ts';
import { emptyOcpForm, type OcpFormValues, ocpToForm } from '../../verification/index.ts';

/**
 * The carrier form's values. Capacities are held in hundredths, as they travel (1360 = 13,60 m):
 * the inputs show and read decimals with a comma or a dot, and hold NaN while the text is no number.
 */
export type CarrierFormValues = PartyFormValues &
  OcpFormValues & {
    accountNumber: string;
    countries: string[];
    maxCargoLength: number | null;
    maxCargoWidth: number | null;
    maxCargoHeight: number | null;
    maxCargoWeight: number | null;
    methodOfContact: string | null;
  };

export const CAPACITY_FIELDS = ['maxCargoLength', 'maxCargoWidth', 'maxCargoHeight', 'maxCargoWeight'] as const;

/** Every field a new carrier is sent with (SPEC §5), as the domain schema knows them. */
export const CARRIER_FIELDS = Object.keys(carrierFieldsSchema.shape) as (keyof typeof carrierFieldsSchema.shape)[];

export const emptyCarrierForm = (): CarrierFormValues => ({
  ...emptyPartyForm(),
  accountNumber: '',
  countries: [],
  maxCargoLength: null,
  maxCargoWidth: null,
  maxCargoHeight: null,
  maxCargoWeight: null,
  methodOfContact: null,
  ...emptyOcpForm(),
});

export const carrierToForm = (carrier: Carrier): CarrierFormValues => ({
  ...partyToForm(carrier),
  accountNumber: carrier.accountNumber ?? '',
  countries: [...carrier.countries].sort(),
  maxCargoLength: carrier.maxCargoLength,
  maxCargoWidth: carrier.maxCargoWidth,
  maxCargoHeight: carrier.maxCargoHeight,
  maxCargoWeight: carrier.maxCargoWeight,
  methodOfContact: carrier.methodOfContact,
  ...ocpToForm(carrier),
});

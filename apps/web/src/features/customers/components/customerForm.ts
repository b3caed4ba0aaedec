import { type Customer, customerFieldsSchema } from '@spedycja/domain';
import { emptyPartyForm, type PartyFormValues, partyToForm } from '../../../components/parties/partyForm.ts';

/** The customer form's values (text as typed) and their conversion from a loaded customer. */
export type CustomerFormValues = PartyFormValues & {
  acquiredBy: string | null;
  noReminders: boolean;
  /** Issue 37: null follows the settings. */
  trackShowVehicle: boolean | null;
  milestoneMails: string | null;
};

/** Every field a new customer is sent with (SPEC §5), as the domain schema knows them. */
export const CUSTOMER_FIELDS = Object.keys(customerFieldsSchema.shape) as (keyof typeof customerFieldsSchema.shape)[];

export const emptyCustomerForm = (): CustomerFormValues => ({
  ...emptyPartyForm(),
  acquiredBy: null,
  noReminders: false,
  trackShowVehicle: null,
  milestoneMails: null,
});

export const customerToForm = (customer: Customer): CustomerFormValues => ({
  ...partyToForm(customer),
  acquiredBy: customer.acquiredBy,
  noReminders: customer.noReminders ?? false,
  trackShowVehicle: customer.trackShowVehicle ?? null,
  milestoneMails: customer.milestoneMails ?? null,
});

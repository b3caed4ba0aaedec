import { type PartyFieldProps, PartyPicker } from '../../../components/parties/PartyPicker.tsx';
import type { PartyRef } from '../../../components/parties/partyForm.ts';
import { useCarrierSearch } from '../api/getCarriers.ts';
import { carriersMessages as t } from '../messages.ts';
import { CarrierModal } from './CarrierModal.tsx';

/** A chosen carrier as offers and orders hold it; send `['@id']` as the relation. */
export type CarrierRef = PartyRef | null;

export type CarrierPickerProps = PartyFieldProps;

/**
 * Chooses a carrier by typing (company, name, NIP, phone, e-mail; from 3 characters), with
 * 'Dodaj nowego przewoźnika' (the new carrier becomes the value) and 'Edytuj wybranego przewoźnika'.
 */
export function CarrierPicker({ label = t.picker.label, ...props }: CarrierPickerProps) {
  return (
    <PartyPicker
      {...props}
      label={label}
      useSearch={useCarrierSearch}
      addLabel={t.picker.add}
      editLabel={t.picker.edit}
      renderModal={({ opened, uuid, onClose, onSaved }) => (
        <CarrierModal opened={opened} carrierUuid={uuid} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}

import { ocpWarnings } from '@spedycja/domain';
import dayjs from 'dayjs';
import { type PartyFieldProps, PartyPicker } from '../../../components/parties/PartyPicker.tsx';
import type { PartyRef } from '../../../components/parties/partyForm.ts';
import { verificationTexts, WarningBadges } from '../../verification/index.ts';
import { useCarrierSearch } from '../api/getCarriers.ts';
import { carriersMessages as t } from '../messages.ts';
import { CarrierModal } from './CarrierModal.tsx';
import { RecordMark } from './RecordMark.tsx';

/** A chosen carrier as offers and orders hold it; send `['@id']` as the relation. */
export type CarrierRef = PartyRef | null;

export type CarrierPickerProps = PartyFieldProps & {
  /** The transport's unloading day: a policy ending before it is marked 'OCP wygasa {date}'. */
  unloadingDate?: string | null;
  /** Also under the chosen carrier (the order form says it beside the carrier's account instead). */
  markChosen?: boolean;
};

/** 'OCP wygasło' / 'OCP wygasa {date}' beside a found carrier (the order form says it again for the chosen one). */
function OcpMark({ party, unloadingDate }: { party: PartyRef; unloadingDate: string | null }) {
  if (!party.ocpValidTo) return null;
  const warnings = ocpWarnings(
    { ocpValidTo: party.ocpValidTo, ocpSum: null, ocpSumCurrency: 'pln' },
    { unloadingDate, cargoValue: null, cargoValueCurrency: 'pln', euroExchangeRate: null },
    dayjs().format('YYYY-MM-DD'),
  );
  return <WarningBadges warnings={warnings} label={verificationTexts.orderWarnings} size="xs" />;
}

/**
 * Chooses a carrier by typing (company, name, NIP, phone, e-mail; from 3 characters), with
 * 'Dodaj nowego przewoźnika' (the new carrier becomes the value) and 'Edytuj wybranego przewoźnika'.
 */
export function CarrierPicker({
  label = t.picker.label,
  unloadingDate = null,
  markChosen = true,
  ...props
}: CarrierPickerProps) {
  return (
    <PartyPicker
      {...props}
      label={label}
      useSearch={useCarrierSearch}
      addLabel={t.picker.add}
      editLabel={t.picker.edit}
      badge={(party, where) => (
        <>
          {(where === 'option' || markChosen) && <OcpMark party={party} unloadingDate={unloadingDate} />}
          <RecordMark rating={party.rating} onTimeRate={party.onTimeRate} />
        </>
      )}
      renderModal={({ opened, uuid, onClose, onSaved }) => (
        <CarrierModal opened={opened} carrierUuid={uuid} onClose={onClose} onSaved={onSaved} />
      )}
    />
  );
}

import { Text } from '@mantine/core';
import { type Carrier, PAGE_SIZES, VERIFICATION_STATUSES, verificationStatusLabel } from '@spedycja/domain';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { TextValue } from '../../../components/display.tsx';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { partyMessages } from '../../../components/parties/messages.ts';
import { PartyPage } from '../../../components/parties/PartyPage.tsx';
import { partyColumns } from '../../../components/parties/partyColumns.tsx';
import { countryFilter, minHundredthsFilter, searchFilter } from '../../../components/parties/partyFilters.tsx';
import { ImportButton } from '../../imports/ImportButton.tsx';
import { VerificationBadge } from '../../verification/index.ts';
import { useDeleteCarrier } from '../api/deleteCarrier.ts';
import { useCarriers } from '../api/getCarriers.ts';
import { carriersMessages as t } from '../messages.ts';
import { CarrierModal } from './CarrierModal.tsx';
import { formatCapacity, ServedCountries } from './carrierCells.tsx';
import { formatRating } from './RecordMark.tsx';

const p = partyMessages.columns;

/** Besides who a carrier is: whom to ask for a load to a country, of a length, width, height, weight. */
const filters: FilterDef[] = [
  searchFilter,
  { kind: 'text', name: 'companyName', label: p.companyName, width: 170 },
  { kind: 'text', name: 'nip', label: p.nip, width: 130 },
  { kind: 'text', name: 'city', label: partyMessages.fields.city, width: 140 },
  countryFilter('country', p.country, 150),
  countryFilter('countries', t.filters.country, 170),
  minHundredthsFilter('maxCargoLength', t.filters.minLength),
  minHundredthsFilter('maxCargoWidth', t.filters.minWidth),
  minHundredthsFilter('maxCargoHeight', t.filters.minHeight),
  minHundredthsFilter('maxCargoWeight', t.filters.minWeight),
  {
    kind: 'select',
    name: 'minRating',
    label: t.filters.minRating,
    width: 130,
    options: ['1', '2', '3', '3,5', '4', '4,5', '5'].map((value) => ({ value, label: `★ ${value}` })),
  },
  {
    kind: 'select',
    name: 'verificationStatus',
    label: t.filters.verificationStatus,
    width: 190,
    options: VERIFICATION_STATUSES.map((value) => ({
      value,
      label: value === 'zweryfikowany' ? 'Zweryfikowany' : verificationStatusLabel(value, null),
    })),
  },
];

const shared = partyColumns<Carrier>();
const columns: ColumnDef<Carrier>[] = [
  ...shared.leading,
  { id: 'countries', header: t.columns.countries, cell: (c) => <ServedCountries codes={c.countries} /> },
  {
    id: 'dimensions',
    header: t.columns.dimensions,
    sortKey: 'maxCargoLength',
    cell: (c) => (
      <Text span inherit style={{ whiteSpace: 'nowrap' }}>
        <TextValue value={formatCapacity(c)} />
      </Text>
    ),
  },
  { id: 'methodOfContact', header: t.columns.methodOfContact, cell: (c) => <TextValue value={c.methodOfContact} /> },
  {
    id: 'verificationStatus',
    header: t.columns.verificationStatus,
    sortKey: 'verifiedAt',
    cell: (c) => <VerificationBadge status={c.verificationStatus} verifiedAt={c.verifiedAt} compact />,
  },
  {
    id: 'rating',
    header: t.columns.rating,
    sortKey: 'rating',
    cell: (c) => <TextValue value={c.rating === null ? null : `★ ${formatRating(c.rating)}`} />,
  },
  {
    id: 'onTimeRate',
    header: t.columns.onTimeRate,
    sortKey: 'onTimeRate',
    cell: (c) => <TextValue value={c.onTimeRate === null ? null : `${c.onTimeRate} %`} />,
  },
  shared.createdDate,
];

/** /carriers: the carriers table with search, capacity and country filters, and the carrier modal. */
export function CarriersPage() {
  return (
    <PartyPage<Carrier>
      texts={t}
      filters={filters}
      columns={columns}
      useList={useCarriers}
      exportPath="/carriers"
      headerActions={<ImportButton kind="carriers" to={`/carriers/import`} />}
      useDelete={useDeleteCarrier}
      pageSize={PAGE_SIZES.default}
      renderModal={({ opened, uuid, onClose }) => <CarrierModal opened={opened} carrierUuid={uuid} onClose={onClose} />}
    />
  );
}

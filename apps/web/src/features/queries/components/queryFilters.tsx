import { TextInput } from '@mantine/core';
import { DEFAULT_QUERY_STATUS, QUERY_STATUS_FILTERS, queryStatusLabels } from '@spedycja/domain';
import { customFilter } from '../../../components/FilterRow/filterParams.ts';
import type { ApiParams, FilterDef } from '../../../components/FilterRow/types.ts';
import { componentMessages } from '../../../components/messages.ts';
import { shipmentFilters } from '../../../components/shipment/shipmentFilters.ts';
import { queriesMessages as t } from '../messages.ts';

const f = t.filters;

/** The id filter sends only whole numbers (anything else would be a 400). */
const idFilter = customFilter<string>({
  name: 'id',
  label: f.id,
  defaultValue: '',
  render: (value, onChange) => (
    <TextInput
      size="xs"
      w={72}
      label={f.id}
      aria-label={componentMessages.filterLabel(f.id)}
      inputMode="numeric"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  ),
  toParams: (value): ApiParams => (/^\d+$/.test(value.trim()) ? { id: value.trim() } : {}),
});

export const STATUS_FILTER_OPTIONS = QUERY_STATUS_FILTERS.map((value) => ({ value, label: queryStatusLabels[value] }));

/** SPEC §2 Queries filter row; the deleted view starts with every status. */
export function queryFilterDefs(deleted: boolean): FilterDef[] {
  const shared = shipmentFilters(f);
  return [
    idFilter,
    shared.status(STATUS_FILTER_OPTIONS, deleted ? 'wszystkie' : DEFAULT_QUERY_STATUS),
    ...shared.cargoAndRoute(),
    shared.distance,
    { kind: 'numberRange', name: 'customerPrice', label: f.customerPrice, hundredths: true },
    { kind: 'numberRange', name: 'customerPriceSuggested', label: f.customerPriceSuggested, hundredths: true },
    { kind: 'numberRange', name: 'bestOffer', label: f.bestOffer, hundredths: true },
    shared.loadingType,
    { kind: 'text', name: 'customer', label: f.customer, width: 170 },
    ...shared.ownerAndCreated(),
  ];
}

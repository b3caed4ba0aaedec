import { addressFilter, dimensionsFilter } from '../../../components/FilterRow/ShipmentFilterDialogs.tsx';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { LOADING_TYPE_OPTIONS } from '../../../components/shipment/options.ts';
import { ordersMessages as t } from '../messages.ts';
import { STATUS_FILTER_OPTIONS } from './options.ts';

const f = t.filters;

/**
 * SPEC §2 Orders filter row, in its order. The active view starts at 'aktywne'; the deleted view
 * at every status (a deleted order may have any).
 */
export function orderFilterDefs(deleted: boolean): FilterDef[] {
  return [
    { kind: 'text', name: 'number', label: f.number, width: 110 },
    {
      kind: 'select',
      name: 'status',
      label: f.status,
      options: STATUS_FILTER_OPTIONS,
      defaultValue: deleted ? 'wszystkie' : 'aktywne',
      clearable: false,
      width: 130,
    },
    { kind: 'text', name: 'cargo', label: f.cargo, width: 140 },
    dimensionsFilter(),
    addressFilter('loading'),
    addressFilter('unloading'),
    { kind: 'dateRange', name: 'loadingDate', label: f.loadingDate },
    { kind: 'dateRange', name: 'unloadingDate', label: f.unloadingDate },
    { kind: 'numberRange', name: 'distance', label: f.distance, width: 140 },
    { kind: 'numberRange', name: 'customerPrice', label: f.customerPrice, hundredths: true },
    { kind: 'numberRange', name: 'carrierPrice', label: f.carrierPrice, hundredths: true },
    { kind: 'select', name: 'loadingType', label: f.loadingType, options: LOADING_TYPE_OPTIONS, width: 170 },
    { kind: 'text', name: 'customer.nip', label: f.customerNip, width: 130 },
    { kind: 'text', name: 'carrier.nip', label: f.carrierNip, width: 130 },
    { kind: 'text', name: 'user.name', label: f.user, width: 150 },
    { kind: 'dateRange', name: 'createdDate', label: f.createdDate },
  ];
}

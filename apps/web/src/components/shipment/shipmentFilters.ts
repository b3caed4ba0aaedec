import { addressFilter, dimensionsFilter } from '../FilterRow/ShipmentFilterDialogs.tsx';
import type { FilterDef } from '../FilterRow/types.ts';
import { LOADING_TYPE_OPTIONS } from './options.ts';

/**
 * The filters that the queries and orders filter rows share. A row picks them in its own order,
 * with its own labels, and adds its own.
 */

export type ShipmentFilterLabels = Record<
  'status' | 'cargo' | 'loadingDate' | 'distance' | 'loadingType' | 'user' | 'createdDate',
  string
>;

export function shipmentFilters(f: ShipmentFilterLabels) {
  return {
    status: (options: { value: string; label: string }[], defaultValue: string): FilterDef => ({
      kind: 'select',
      name: 'status',
      label: f.status,
      options,
      defaultValue,
      clearable: false,
      width: 130,
    }),
    /** The cargo, its dimensions, both addresses and the loading date. */
    cargoAndRoute: (): FilterDef[] => [
      { kind: 'text', name: 'cargo', label: f.cargo, width: 140 },
      dimensionsFilter(),
      addressFilter('loading'),
      addressFilter('unloading'),
      { kind: 'dateRange', name: 'loadingDate', label: f.loadingDate },
    ],
    distance: { kind: 'numberRange', name: 'distance', label: f.distance, width: 140 } satisfies FilterDef,
    loadingType: {
      kind: 'select',
      name: 'loadingType',
      label: f.loadingType,
      options: LOADING_TYPE_OPTIONS,
      width: 170,
    } satisfies FilterDef,
    /** The owner's name and the creation date, which end both rows. */
    ownerAndCreated: (): FilterDef[] => [
      { kind: 'text', name: 'user.name', label: f.user, width: 150 },
      { kind: 'dateRange', name: 'createdDate', label: f.createdDate },
    ],
  };
}

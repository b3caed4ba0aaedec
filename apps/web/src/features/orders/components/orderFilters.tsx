import { DEFAULT_ORDER_STATUS } from '@spedycja/domain';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { shipmentFilters } from '../../../components/shipment/shipmentFilters.ts';
import { portalTexts } from '../../portal/index.ts';
import { positionsTexts } from '../../positions/index.ts';
import { ordersMessages as t } from '../messages.ts';
import { STATUS_FILTER_OPTIONS } from './options.ts';

const f = t.filters;

/**
 * SPEC §2 Orders filter row, in its order. The active view starts at 'aktywne'; the deleted view
 * at every status (a deleted order may have any).
 */
export function orderFilterDefs(deleted: boolean): FilterDef[] {
  const shared = shipmentFilters(f);
  return [
    { kind: 'text', name: 'number', label: f.number, width: 110 },
    shared.status(STATUS_FILTER_OPTIONS, deleted ? 'wszystkie' : DEFAULT_ORDER_STATUS),
    ...shared.cargoAndRoute(),
    { kind: 'dateRange', name: 'unloadingDate', label: f.unloadingDate },
    shared.distance,
    { kind: 'numberRange', name: 'customerPrice', label: f.customerPrice, hundredths: true },
    { kind: 'numberRange', name: 'carrierPrice', label: f.carrierPrice, hundredths: true },
    { kind: 'numberRange', name: 'margin', label: f.margin, hundredths: true },
    shared.loadingType,
    { kind: 'text', name: 'customer.nip', label: f.customerNip, width: 130 },
    { kind: 'text', name: 'carrier.nip', label: f.carrierNip, width: 130 },
    ...shared.ownerAndCreated(),
    // The carrier's link (issue 25).
    {
      kind: 'select',
      name: 'portal',
      label: portalTexts.filterLabel,
      options: [
        { value: 'nieprzyjete', label: portalTexts.filterNotAccepted },
        { value: 'brakCmr', label: portalTexts.filterNoCmr },
      ],
      width: 200,
    },
    // Issue 39: the kept ETA past the window ('opóźnione') or with less than 30 minutes left.
    {
      kind: 'select',
      name: 'eta',
      label: positionsTexts.filterLabel,
      options: [
        { value: 'opoznione', label: positionsTexts.filterLate },
        { value: 'zagrozone', label: positionsTexts.filterAtRisk },
      ],
      width: 150,
    },
  ];
}

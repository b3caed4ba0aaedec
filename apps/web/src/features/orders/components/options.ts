import {
  CURRENCIES,
  LOADING_TYPES,
  loadingTypeLabels,
  ORDER_STATUS_FILTERS,
  ORDER_STATUSES,
  orderStatusLabels,
} from '@spedycja/domain';

/** Choice lists of the order form, the cell editors and the filters (values as the API has them). */
export const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: orderStatusLabels[value] }));
export const STATUS_FILTER_OPTIONS = ORDER_STATUS_FILTERS.map((value) => ({ value, label: orderStatusLabels[value] }));
export const LOADING_TYPE_OPTIONS = LOADING_TYPES.map((value) => ({ value, label: loadingTypeLabels[value] }));
export const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value.toUpperCase() }));

import { ORDER_STATUS_FILTERS, ORDER_STATUSES, orderStatusLabels } from '@spedycja/domain';

/** The order statuses as the form, the status cell and the filter offer them (values as the API has them). */
export const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: orderStatusLabels[value] }));
export const STATUS_FILTER_OPTIONS = ORDER_STATUS_FILTERS.map((value) => ({ value, label: orderStatusLabels[value] }));

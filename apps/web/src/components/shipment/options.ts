import { CURRENCIES, LOADING_TYPES, loadingTypeLabels } from '@spedycja/domain';

/** Choice lists that query and order forms, cell editors and filters share (values as the API has them). */
export const LOADING_TYPE_OPTIONS = LOADING_TYPES.map((value) => ({ value, label: loadingTypeLabels[value] }));
export const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value.toUpperCase() }));

import { QUERY_STATUSES, queryStatusLabels } from '@spedycja/domain';

/** The query statuses as the form and the status cell offer them (values as the API has them). */
export const STATUS_OPTIONS = QUERY_STATUSES.map((value) => ({ value, label: queryStatusLabels[value] }));

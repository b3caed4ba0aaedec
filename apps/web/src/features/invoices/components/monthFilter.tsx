import { MonthPickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { customFilter } from '../../../components/FilterRow/filterParams.ts';
import type { ApiParams } from '../../../components/FilterRow/types.ts';
import { invoicesMessages as t } from '../messages.ts';

/** The first day of the current month, as the month chooser holds it ('YYYY-MM-01'). */
export const currentMonth = (today: Date = new Date()) => dayjs(today).startOf('month').format('YYYY-MM-DD');

/** A month -> its issue dates: createdDate[after]=first day, createdDate[before]=last day. */
export function monthParams(month: string | null): ApiParams {
  if (!month) return {};
  const first = dayjs(month).startOf('month');
  return {
    'createdDate[after]': first.format('YYYY-MM-DD'),
    'createdDate[before]': first.endOf('month').format('YYYY-MM-DD'),
  };
}

/**
 * 'Po terminie' is a debt whatever month the invoice was issued in: with it the month does not narrow the list
 * (a dispatcher chasing payments wants every overdue invoice; invoices_unpaid_idx serves the query).
 */
export function withoutMonthWhenOverdue(params: ApiParams): ApiParams {
  if (params.paymentStatus !== 'po_terminie') return params;
  const { 'createdDate[after]': _after, 'createdDate[before]': _before, ...rest } = params;
  return rest;
}

const MONTH_FORMAT = 'MM/YYYY';

/** The month and year chooser of the invoice screens; it starts at the current month (not January). */
export const monthFilter = (initial: string = currentMonth()) =>
  customFilter<string | null>({
    name: 'month',
    label: t.filters.month,
    width: 180,
    defaultValue: initial,
    toParams: monthParams,
    render: (value, onChange) => (
      <MonthPickerInput
        label={t.filters.month}
        // The name carries the month the button shows (a screen reader's user hears what a sighted one reads).
        aria-label={
          value ? `Filtr: ${t.filters.month} ${dayjs(value).format(MONTH_FORMAT)}` : `Filtr: ${t.filters.month}`
        }
        value={value}
        onChange={(next) => onChange(next ? dayjs(next).format('YYYY-MM-DD') : null)}
        valueFormat={MONTH_FORMAT}
        size="xs"
        w={180}
        popoverProps={{ withinPortal: true }}
      />
    ),
  });

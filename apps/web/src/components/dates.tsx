import {
  DatePickerInput,
  type DatePickerInputProps,
  DateInput as MantineDateInput,
  type DateInputProps as MantineDateInputProps,
  DateTimePicker as MantineDateTimePicker,
  type DateTimePickerProps as MantineDateTimePickerProps,
} from '@mantine/dates';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '@spedycja/domain';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { DATE_DIALOG_WIDTH } from './constants.ts';
import { componentMessages as t } from './messages.ts';

/**
 * Date inputs with the app's conventions: DD/MM/YYYY and 'HH:mm, DD/MM/YYYY', Monday first and
 * the Polish locale (from DatesProvider), a 24-hour clock and a 290 px date dialog.
 * Values are Mantine's strings: 'YYYY-MM-DD' and 'YYYY-MM-DD HH:mm:ss'.
 */

dayjs.extend(customParseFormat);

/** '05/11/2026' (or '2026-11-05') -> '2026-11-05'; null when it is not a date. */
export function parsePolishDate(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  for (const format of [DATE_FORMAT, 'D/M/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD']) {
    const d = dayjs(trimmed, format, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

const popoverProps = { width: DATE_DIALOG_WIDTH } as const;

export type DateInputProps = Omit<MantineDateInputProps, 'valueFormat' | 'dateParser'>;

export function DateInput(props: DateInputProps) {
  return (
    <MantineDateInput
      valueFormat={DATE_FORMAT}
      dateParser={parsePolishDate}
      placeholder="DD/MM/RRRR"
      popoverProps={popoverProps}
      clearable
      {...props}
    />
  );
}

export type DateRangeInputProps = Omit<DatePickerInputProps<'range'>, 'type' | 'valueFormat'>;

export function DateRangeInput(props: DateRangeInputProps) {
  return (
    <DatePickerInput
      type="range"
      valueFormat={DATE_FORMAT}
      allowSingleDateInRange
      clearable
      popoverProps={popoverProps}
      placeholder="DD/MM/RRRR – DD/MM/RRRR"
      {...props}
    />
  );
}

export type DateTimePickerProps = Omit<MantineDateTimePickerProps, 'type' | 'valueFormat'>;

export function DateTimePicker({ timePickerProps, submitButtonProps, ...props }: DateTimePickerProps) {
  return (
    <MantineDateTimePicker
      valueFormat={DATE_TIME_FORMAT}
      popoverProps={popoverProps}
      clearable
      placeholder="GG:MM, DD/MM/RRRR"
      {...props}
      timePickerProps={{
        format: '24h',
        hoursInputLabel: t.hours,
        minutesInputLabel: t.minutes,
        ...timePickerProps,
      }}
      submitButtonProps={{ 'aria-label': t.confirmDateTime, ...submitButtonProps }}
    />
  );
}

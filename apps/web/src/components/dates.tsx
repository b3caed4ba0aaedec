import { Group, Input } from '@mantine/core';
import {
  DatePickerInput,
  type DatePickerInputProps,
  DateInput as MantineDateInput,
  type DateInputProps as MantineDateInputProps,
  TimePicker,
} from '@mantine/dates';
import { DATE_FORMAT } from '@spedycja/domain';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type ReactNode, useId } from 'react';
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
  for (const format of [DATE_FORMAT, 'D/M/YYYY', 'DD.MM.YYYY', 'D.M.YYYY', 'YYYY-MM-DD']) {
    const d = dayjs(trimmed, format, true);
    if (d.isValid()) return d.format('YYYY-MM-DD');
  }
  return null;
}

/**
 * A day with an optional time, typed the Polish way: '07.12.2026 08:00', '07/12/2026 8:00', '7.12.2026' -> the
 * wall-clock value '2026-12-07 08:00' (or '2026-12-07' without a time); null when it is not one.
 */
export function parsePolishDateTime(text: string): string | null {
  const match = /^\s*(\S+?)(?:[\s,]+(\d{1,2})[:.](\d{2}))?\s*$/.exec(text);
  if (!match) return null;
  const day = parsePolishDate(match[1] ?? '');
  if (!day) return null;
  if (match[2] === undefined) return day;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 23 || minutes > 59) return null;
  return `${day} ${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Mantine's value ('2026-12-07 08:00:00') <-> ours ('2026-12-07 08:00', or the day alone at midnight). */
const toMantine = (value: string | null) =>
  value ? `${value.slice(0, 10)} ${value.slice(11, 16) || '00:00'}:00` : null;
const fromMantine = (value: string | null) => {
  if (!value) return null;
  const time = value.slice(11, 16);
  return time && time !== '00:00' ? `${value.slice(0, 10)} ${time}` : value.slice(0, 10);
};

const popoverProps = { width: DATE_DIALOG_WIDTH } as const;
/** The clear (×) beside a date: reached by the mouse, not a Tab stop, and named for screen readers. */
const clearButtonProps = { tabIndex: -1, 'aria-hidden': false, 'aria-label': t.clearField } as const;

export type DateInputProps = Omit<MantineDateInputProps, 'valueFormat' | 'dateParser'>;

export function DateInput(props: DateInputProps) {
  return (
    <MantineDateInput
      valueFormat={DATE_FORMAT}
      dateParser={parsePolishDate}
      placeholder="DD/MM/RRRR"
      popoverProps={popoverProps}
      clearable
      clearButtonProps={clearButtonProps}
      {...props}
    />
  );
}

export type WallClockInputProps = {
  label: string;
  /** The name of the time picker beside it, e.g. 'Godzina załadunku'. */
  timeLabel: string;
  /** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm'; null (or left out) when empty. */
  value?: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  withAsterisk?: boolean;
  'data-autofocus'?: boolean;
};

/**
 * A loading or unloading day with an optional time: typed ('07.12.2026 08:00') or picked from the calendar, and the
 * hour set on a 24-hour time picker beside it. The value is the wall-clock time at the place (see wallClockOf).
 */
export function WallClockInput({
  label,
  timeLabel,
  value,
  onChange,
  error,
  withAsterisk,
  ...rest
}: WallClockInputProps) {
  const id = useId();
  const current = value ?? null;
  const day = current ? current.slice(0, 10) : null;
  const time = current && current.length > 10 ? current.slice(11, 16) : '';
  return (
    <Input.Wrapper id={id} label={label} error={error} withAsterisk={withAsterisk}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <MantineDateInput
          id={id}
          style={{ flex: 1 }}
          withTime
          valueFormat={(v) => formatTyped(fromMantine(v))}
          dateParser={(text) => toMantine(parsePolishDateTime(text))}
          placeholder="DD/MM/RRRR GG:MM"
          popoverProps={popoverProps}
          clearable
          clearButtonProps={clearButtonProps}
          error={Boolean(error)}
          value={toMantine(current)}
          onChange={(next) => onChange(fromMantine(next))}
          data-autofocus={rest['data-autofocus']}
        />
        <TimePicker
          aria-label={timeLabel}
          w={96}
          format="24h"
          clearable
          disabled={!day}
          error={Boolean(error)}
          value={time ? `${time}:00` : ''}
          onChange={(next) => {
            if (!day) return;
            const hhmm = next ? next.slice(0, 5) : '';
            onChange(hhmm && hhmm !== '00:00' ? `${day} ${hhmm}` : day);
          }}
          hoursInputLabel={t.hours}
          minutesInputLabel={t.minutes}
        />
      </Group>
    </Input.Wrapper>
  );
}

/** '2026-12-07 08:00' -> '07/12/2026 08:00'; a day alone -> '07/12/2026'. */
function formatTyped(value: string | null): string {
  if (!value) return '';
  const [y, m, d] = value.slice(0, 10).split('-');
  return value.length > 10 ? `${d}/${m}/${y} ${value.slice(11, 16)}` : `${d}/${m}/${y}`;
}

export type DateRangeInputProps = Omit<DatePickerInputProps<'range'>, 'type' | 'valueFormat'>;

const RANGE_PLACEHOLDER = 'DD/MM/RRRR – DD/MM/RRRR';

/** What the range field shows: its dates ('01/12/2026 – 07/12/2026') or, empty, its placeholder. */
function shownRange(value: DateRangeInputProps['value'], placeholder: ReactNode): string {
  const [start, end] = (value ?? []) as [unknown, unknown];
  if (!start) return typeof placeholder === 'string' ? placeholder : '';
  const format = (v: unknown) => (v ? dayjs(v as string).format(DATE_FORMAT) : '');
  return `${format(start)} – ${format(end)}`.trim();
}

export function DateRangeInput(props: DateRangeInputProps) {
  // The field is a button: a name given by aria-label must contain what it shows (WCAG label in name).
  const ariaLabel = props['aria-label'];
  const shown = shownRange(props.value, props.placeholder ?? RANGE_PLACEHOLDER);
  return (
    <DatePickerInput
      type="range"
      valueFormat={DATE_FORMAT}
      allowSingleDateInRange
      clearable
      clearButtonProps={clearButtonProps}
      popoverProps={popoverProps}
      placeholder={RANGE_PLACEHOLDER}
      {...props}
      aria-label={ariaLabel && shown ? `${ariaLabel}: ${shown}` : ariaLabel}
    />
  );
}

export type DateTimePickerProps = Omit<MantineDateInputProps, 'valueFormat' | 'dateParser' | 'withTime'>;

/**
 * A moment (a contact date): typed ('26.11.2026 10:00', '26/11/2026 10:00') or picked from the calendar. The value is
 * 'YYYY-MM-DD HH:mm:ss'. Wide enough for '07/12/2026 08:00'; its clear button is no Tab stop and has a name.
 */
export function DateTimePicker({ clearButtonProps: ownClearButton, ...props }: DateTimePickerProps) {
  return (
    <MantineDateInput
      withTime
      valueFormat={(v) => (v ? formatTyped(`${v.slice(0, 10)} ${v.slice(11, 16) || '00:00'}`) : '')}
      dateParser={(text) => toMantine(parsePolishDateTime(text))}
      placeholder="DD/MM/RRRR GG:MM"
      popoverProps={popoverProps}
      clearable
      miw={180}
      clearButtonProps={{ ...clearButtonProps, ...ownClearButton }}
      {...props}
    />
  );
}

import { ActionIcon, CloseButton, Group, Input, Popover, TextInput, type TextInputProps } from '@mantine/core';
import {
  DatePicker,
  type DatePickerPreset,
  DateInput as MantineDateInput,
  type DateInputProps as MantineDateInputProps,
  TimePicker,
} from '@mantine/dates';
import { DATE_FORMAT } from '@spedycja/domain';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type ReactNode, useId, useState } from 'react';
import { DATE_DIALOG_WIDTH } from './constants.ts';
import { IconCalendar } from './icons.tsx';
import { useComponentTexts } from './texts.tsx';

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

/**
 * A day typed the Polish way, a time after it allowed and dropped (a day field, a range of whole days): '26.11.2026
 * 10:00' -> '2026-11-26'; null when it is not a day.
 */
export const parseTypedDay = (text: string) => parsePolishDateTime(text)?.slice(0, 10) ?? null;

/** Mantine's value ('2026-12-07 08:00:00') <-> ours ('2026-12-07 08:00', or the day alone at midnight). */
const toMantine = (value: string | null) =>
  value ? `${value.slice(0, 10)} ${value.slice(11, 16) || '00:00'}:00` : null;
const fromMantine = (value: string | null) => {
  if (!value) return null;
  const time = value.slice(11, 16);
  return time && time !== '00:00' ? `${value.slice(0, 10)} ${time}` : value.slice(0, 10);
};

const popoverProps = { width: DATE_DIALOG_WIDTH } as const;
/** Wide enough for '07/12/2026 – 14/12/2026' (and a day with its time, '07/12/2026 08:00') with the buttons. */
const RANGE_MIN_WIDTH = 220;
const DATE_TIME_MIN_WIDTH = 180;
/** '07/12/2026' with the clear button. */
const DATE_MIN_WIDTH = 140;
/** The clear (×) beside a date: reached by the mouse, not a Tab stop, and named for screen readers. */
function useClearButtonProps() {
  const t = useComponentTexts();
  return { tabIndex: -1, 'aria-hidden': false, 'aria-label': t.clearField } as const;
}

export type DateInputProps = Omit<MantineDateInputProps, 'valueFormat' | 'dateParser'>;

export function DateInput(props: DateInputProps) {
  const t = useComponentTexts();
  const clearButtonProps = useClearButtonProps();
  return (
    <MantineDateInput
      valueFormat={DATE_FORMAT}
      dateParser={parseTypedDay}
      placeholder={t.datePlaceholder}
      popoverProps={popoverProps}
      clearable
      clearButtonProps={clearButtonProps}
      miw={DATE_MIN_WIDTH}
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
  const t = useComponentTexts();
  const clearButtonProps = useClearButtonProps();
  const id = useId();
  const current = value ?? null;
  const day = current ? current.slice(0, 10) : null;
  const time = current && current.length > 10 ? current.slice(11, 16) : '';
  return (
    <Input.Wrapper id={id} label={label} error={error} withAsterisk={withAsterisk}>
      {/* The hour goes under the day where the column is narrower than both (the order form's half column at 1366 px,
          a phone): side by side they need 282 px, and they ran past the column's edge into the next one. */}
      <Group gap={6} wrap="wrap" align="flex-start">
        <MantineDateInput
          id={id}
          style={{ flex: 1 }}
          miw={DATE_TIME_MIN_WIDTH}
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

/** A range of days, 'YYYY-MM-DD' each; either end may be open (null). */
export type DateRange = [string | null, string | null];

/** Between the two days: an en or em dash, or a hyphen with spaces around it ('01.12.2026 - 07.12.2026'). */
const RANGE_SEPARATORS = [/\s*[–—]\s*/, /\s+-\s+/];
/** A bare hyphen ('01.12.2026-07.12.2026'), only when no day is written ISO-style (2026-12-01 has hyphens of its own). */
const BARE_HYPHEN = /\s*-\s*/;

/**
 * A range of days typed: '01.12.2026 - 07.12.2026', '01/12/2026 – 07/12/2026', '01.12.2026-07.12.2026', an open end
 * ('01.12.2026 –', '– 07.12.2026') or one day ('26.11.2026 10:00': that whole day). Reversed ends are put in order;
 * '' is no range. Null when it is not a range of days.
 */
export function parsePolishDateRange(text: string): DateRange | null {
  const trimmed = text.trim();
  if (!trimmed) return [null, null];
  const separators = /\d{4}-\d{1,2}-\d{1,2}/.test(trimmed) ? RANGE_SEPARATORS : [...RANGE_SEPARATORS, BARE_HYPHEN];
  for (const separator of separators) {
    const parts = trimmed.split(separator);
    if (parts.length !== 2) continue;
    const [fromText = '', toText = ''] = parts.map((part) => part.trim());
    if (!fromText && !toText) return null;
    const from = fromText ? parseTypedDay(fromText) : null;
    const to = toText ? parseTypedDay(toText) : null;
    if ((fromText && !from) || (toText && !to)) return null;
    return from && to && from > to ? [to, from] : [from, to];
  }
  const day = parseTypedDay(trimmed);
  return day ? [day, day] : null;
}

/** What the range field shows: '01/12/2026 – 07/12/2026', '01/12/2026 –', '– 07/12/2026', or ''. */
export function formatDateRange(value: DateRange | null | undefined): string {
  const [from, to] = value ?? [null, null];
  if (!from && !to) return '';
  return `${from ? formatTyped(from) : ''} – ${to ? formatTyped(to) : ''}`.trim();
}

export type DateRangeInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  value: DateRange | null | undefined;
  onChange: (value: DateRange) => void;
  /** The × that empties the range (default shown). */
  clearable?: boolean;
  /** Ranges offered beside the calendar (the stats page: this month, last month…). */
  presets?: DatePickerPreset<'range'>[];
};

/**
 * A range of days (the tables' date filters, the stats): typed ('01.12.2026 - 07.12.2026', one day, an open end) or
 * picked in the calendar that a click on the field or its icon opens. What is typed counts when the field is left (or
 * on Enter); what is not a range stays with a Polish error under it and changes nothing.
 */
export function DateRangeInput({
  value,
  onChange,
  clearable = true,
  presets,
  placeholder,
  error,
  ...props
}: DateRangeInputProps) {
  const t = useComponentTexts();
  const clearButtonProps = useClearButtonProps();
  const [opened, setOpened] = useState(false);
  // What is being typed, until it is read (null: the field shows the value).
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const range: DateRange = [value?.[0] ?? null, value?.[1] ?? null];
  const shown = draft ?? formatDateRange(range);

  const commit = () => {
    if (draft === null) return;
    const parsed = parsePolishDateRange(draft);
    if (!parsed) {
      setInvalid(true);
      return;
    }
    setDraft(null);
    setInvalid(false);
    if (parsed[0] !== range[0] || parsed[1] !== range[1]) onChange(parsed);
  };
  const set = (next: DateRange) => {
    setDraft(null);
    setInvalid(false);
    onChange(next);
  };

  const rightSection = (
    <Group gap={0} wrap="nowrap">
      {clearable && (range[0] || range[1] || draft) && (
        <CloseButton size="sm" onClick={() => set([null, null])} {...clearButtonProps} />
      )}
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        tabIndex={-1}
        aria-label={t.openCalendar}
        onClick={() => setOpened((o) => !o)}
      >
        <IconCalendar size={14} />
      </ActionIcon>
    </Group>
  );

  return (
    // withRoles off: a text field may not carry aria-expanded/aria-haspopup (axe aria-allowed-attr); the calendar is
    // reached with the mouse or its button, the typed range is the keyboard way.
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-start"
      width={DATE_DIALOG_WIDTH}
      trapFocus={false}
      withRoles={false}
    >
      <Popover.Target>
        <TextInput
          placeholder={placeholder ?? t.rangePlaceholder}
          miw={RANGE_MIN_WIDTH}
          {...props}
          value={shown}
          error={invalid ? t.dateRangeInvalid : error}
          rightSection={rightSection}
          rightSectionWidth={clearable ? 52 : 30}
          rightSectionPointerEvents="all"
          autoComplete="off"
          onClick={() => setOpened(true)}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setInvalid(false);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
            if (event.key === 'Escape' && opened) setOpened(false);
          }}
        />
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          type="range"
          allowSingleDateInRange
          presets={presets}
          value={range}
          onChange={(next) => {
            const picked: DateRange = [next[0] ?? null, next[1] ?? null];
            set(picked);
            // Both ends picked (or a preset): the calendar has done its job.
            if (picked[0] && picked[1]) setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

export type DateTimePickerProps = Omit<MantineDateInputProps, 'valueFormat' | 'dateParser' | 'withTime'>;

/**
 * A moment (a contact date): typed ('26.11.2026 10:00', '26/11/2026 10:00') or picked from the calendar. The value is
 * 'YYYY-MM-DD HH:mm:ss'. Wide enough for '07/12/2026 08:00'; its clear button is no Tab stop and has a name.
 */
export function DateTimePicker({ clearButtonProps: ownClearButton, ...props }: DateTimePickerProps) {
  const clearButtonProps = useClearButtonProps();
  return (
    <MantineDateInput
      withTime
      valueFormat={(v) => (v ? formatTyped(`${v.slice(0, 10)} ${v.slice(11, 16) || '00:00'}`) : '')}
      dateParser={(text) => toMantine(parsePolishDateTime(text))}
      placeholder="DD/MM/RRRR GG:MM"
      popoverProps={popoverProps}
      clearable
      miw={DATE_TIME_MIN_WIDTH}
      clearButtonProps={{ ...clearButtonProps, ...ownClearButton }}
      {...props}
    />
  );
}

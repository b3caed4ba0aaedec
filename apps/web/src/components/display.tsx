import { Text } from '@mantine/core';
import {
  EMPTY_VALUE,
  formatDate,
  formatDateTime,
  formatMeasure,
  formatMoney,
  formatPhone,
  formatWallClock,
  truncate,
} from '@spedycja/domain';
import type { ReactNode } from 'react';

/** Table and detail values as SPEC §9 prints them; an empty value reads 'Brak' (dimmed). */

function Value({ text }: { text: string }) {
  return text === EMPTY_VALUE ? (
    <Text span c="dimmed" inherit>
      {EMPTY_VALUE}
    </Text>
  ) : (
    text
  );
}

type DateLike = string | number | Date | null | undefined;

export const DateText = ({ value }: { value: DateLike }) => <Value text={formatDate(value)} />;
/** A loading or unloading time: '08:00, 07/12/2026', or the day alone when no time was given. */
export const WallClockText = ({ value }: { value: string | null | undefined }) => (
  <Value text={formatWallClock(value)} />
);
export const DateTimeText = ({ value }: { value: DateLike }) => <Value text={formatDateTime(value)} />;
export const MoneyText = ({ value, currency }: { value: number | null | undefined; currency?: string | null }) => (
  <Value text={formatMoney(value, currency)} />
);
export const MeasureText = ({ value, unit }: { value: number | null | undefined; unit: 'm' | 't' | 'km' }) => (
  <Value text={formatMeasure(value, unit)} />
);
export const PhoneText = ({
  prefix,
  phone,
}: {
  prefix: string | null | undefined;
  phone: string | null | undefined;
}) => <Value text={formatPhone(prefix, phone)} />;

/** Plain text, 'Brak' when empty; with `max`, truncated with the full text as a tooltip. */
export function TextValue({ value, max }: { value: string | null | undefined; max?: number }): ReactNode {
  if (!value) return <Value text={EMPTY_VALUE} />;
  if (max === undefined || value.length <= max) return value;
  return (
    <Text span inherit title={value}>
      {truncate(value, max)}
    </Text>
  );
}

/**
 * Cargo dimensions ('12,00 × 2,45 × 2,60 m') that wrap at most once, after the last '×': two lines in a narrow column
 * rather than four (non-breaking spaces elsewhere); the queries' 'Parametry towaru', whose rows stay low at 1366 px.
 */
export function dimensionsLines(text: string | null): string | null {
  if (!text) return text;
  const glue = (part: string) => part.replace(/ /g, '\u00a0');
  const at = text.lastIndexOf('× ');
  return at < 0 ? glue(text) : `${glue(text.slice(0, at + 1))} ${glue(text.slice(at + 2))}`;
}

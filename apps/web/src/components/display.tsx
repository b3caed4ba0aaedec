import { Badge, type BadgeProps, Text } from '@mantine/core';
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
 * A status as a badge whose label wraps onto a second line instead of being cut: Mantine's Badge ends a long label
 * with '…' ('AUTO W D…' in the customer's panel at 390 px, 'CZ…' in 'Do zapłaty' at 1366 px).
 */
export function StatusBadge({ children, ...props }: BadgeProps & { children: ReactNode }) {
  return (
    <Badge
      {...props}
      styles={{
        root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.25 },
      }}
    >
      {children}
    </Badge>
  );
}

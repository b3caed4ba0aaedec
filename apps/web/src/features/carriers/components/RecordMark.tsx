import { Text } from '@mantine/core';
import { formatDecimal } from '@spedycja/domain';
import { carriersMessages as t } from '../messages.ts';

/** '4,25' from the wire's 4.25. */
export const formatRating = (rating: number | null | undefined) =>
  rating === null || rating === undefined ? null : formatDecimal(Math.round(rating * 100));

/**
 * Issue 39: '★ 4,25 · 92 % na czas' beside a carrier (the picker, the offers), from the kept figures of 12 months;
 * nothing while the carrier has none.
 */
export function RecordMark({ rating, onTimeRate }: { rating?: number | null; onTimeRate?: number | null }) {
  const text = t.record.mark(formatRating(rating), onTimeRate ?? null);
  if (!text) return null;
  return (
    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="carrier-record-mark">
      {text}
    </Text>
  );
}

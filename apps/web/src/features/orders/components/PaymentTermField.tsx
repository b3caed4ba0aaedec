import { Button, Chip, Group, Stack } from '@mantine/core';
import { PAYMENT_TERM_SHORTCUTS, paymentTermLabels } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { DateInput } from '../../../components/dates.tsx';
import { ordersMessages as t } from '../messages.ts';
import { type PaymentTerm, pickDate, pickTerm, shortcutDate } from '../paymentTerms.ts';

export type PaymentTermFieldProps = {
  /** The field's name, e.g. 'Termin płatności klienta' (also the name of its group of buttons). */
  label: string;
  value: PaymentTerm;
  onChange: (value: PaymentTerm) => void;
  /** The textual terms this party may have ('przed rozladunkiem'; the carrier also 'po rozladunku'). */
  terms: readonly string[];
  error?: ReactNode;
  /** A date or a term must be given (an invoice's 'Termin płatności'): the label shows its '*'. */
  required?: boolean;
};

/**
 * A payment date, set by hand or by a shortcut (3…60 days from today), or a textual term (SPEC §5); choosing one
 * clears the other.
 */
export function PaymentTermField({ label, value, onChange, terms, error, required }: PaymentTermFieldProps) {
  return (
    <Stack gap={6} role="group" aria-label={label}>
      <DateInput
        label={label}
        required={required}
        value={value.date}
        onChange={(date) => onChange(pickDate(date))}
        error={error}
      />
      <Group gap={4} wrap="wrap">
        {PAYMENT_TERM_SHORTCUTS.map((shortcut) => (
          <Button
            key={shortcut.label}
            size="compact-xs"
            variant="default"
            onClick={() => onChange(pickDate(shortcutDate(shortcut)))}
          >
            {t.payment.shortcut(shortcut.label)}
          </Button>
        ))}
        {terms.map((term) => (
          <Chip
            key={term}
            size="xs"
            checked={value.term === term}
            onChange={(checked) => onChange(pickTerm(checked ? term : null))}
          >
            {paymentTermLabels[term as keyof typeof paymentTermLabels] ?? term}
          </Chip>
        ))}
      </Group>
    </Stack>
  );
}

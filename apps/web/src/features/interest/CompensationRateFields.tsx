import { Group, Text, TextInput } from '@mantine/core';
import { type InterestNoteCreate, parseExchangeRate } from '@spedycja/domain';
import { interestUiMessages as t } from './messages.ts';

/** The EUR rate and its NBP table as typed: '4,2915' and '148/A/NBP/2025'. */
export type TypedRate = { rate: string; table: string };
export const NO_TYPED_RATE: TypedRate = { rate: '', table: '' };

/**
 * The note's body: to `date`, with the typed rate in ten-thousandths (NaN for text that is no rate, so that the
 * schema says so) and its table; nothing typed sends neither, and the server asks NBP.
 */
export function noteBody(date: string, typed: TypedRate | null): InterestNoteCreate {
  if (!typed || (!typed.rate.trim() && !typed.table.trim())) return { date };
  const rate = typed.rate.trim() ? (parseExchangeRate(typed.rate) ?? Number.NaN) : null;
  return { date, compensationRate: rate, compensationTable: typed.table };
}

/** NBP gave no EUR rate: the admin may type it from NBP's table to have the compensation on the note. */
export function CompensationRateFields({
  value,
  onChange,
  errors,
}: {
  value: TypedRate;
  onChange: (value: TypedRate) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Text size="sm" c="dimmed">
        {t.typedRateHint}
      </Text>
      <Group gap="sm" align="flex-start">
        <TextInput
          label={t.typedRate}
          placeholder="np. 4,2915"
          inputMode="decimal"
          autoComplete="off"
          maw={200}
          value={value.rate}
          error={errors.compensationRate}
          onChange={(event) => onChange({ ...value, rate: event.currentTarget.value })}
        />
        <TextInput
          label={t.typedTable}
          placeholder="np. 148/A/NBP/2025"
          autoComplete="off"
          maw={260}
          value={value.table}
          error={errors.compensationTable}
          onChange={(event) => onChange({ ...value, table: event.currentTarget.value })}
        />
      </Group>
    </>
  );
}

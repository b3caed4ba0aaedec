import { TextInput, type TextInputProps } from '@mantine/core';
import { decimalToHundredths, formatMoney, hundredthsToDecimal, validationMessages } from '@spedycja/domain';
import { useEffect, useState } from 'react';

/** 430 -> '4,30' (how a Polish user types a decimal); '' for no value. */
export function hundredthsToInput(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  return hundredthsToDecimal(value).replace('.', ',');
}

/** '4,3' / '4.30' -> 430; null for ''; NaN for text that is not a number (so a schema rejects it). */
export function inputToHundredths(text: string): number | null {
  if (text.trim() === '') return null;
  return decimalToHundredths(text) ?? Number.NaN;
}

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange'> & {
  /** The amount in hundredths (150050 = 1500,50); NaN while the typed text is not a number. */
  value: number | null;
  onChange: (hundredths: number | null) => void;
  /** Shown after the amount, upper-case ('PLN'). */
  currency?: string | null;
  /**
   * Given (even null): while not being edited, the amount reads as every amount in the app does, '300 000,00 zł' in
   * this currency (formatMoney); the field shows the plain figure to edit once focused.
   */
  displayCurrency?: string | null;
};

/** A decimal amount typed with a comma or a dot, held and reported in hundredths. */
export function MoneyInput({
  value,
  onChange,
  currency,
  displayCurrency,
  error,
  rightSection,
  onFocus,
  onBlur,
  ...props
}: MoneyInputProps) {
  const [text, setText] = useState(() => hundredthsToInput(value));
  const [editing, setEditing] = useState(false);

  // Follow a value set from outside (a form reset, a loaded record) unless it is what was typed.
  useEffect(() => {
    setText((current) => (Object.is(inputToHundredths(current), value) ? current : hundredthsToInput(value)));
  }, [value]);

  const invalid = text.trim() !== '' && decimalToHundredths(text) === null;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={
        displayCurrency !== undefined && !editing && value !== null && Number.isFinite(value)
          ? formatMoney(value, displayCurrency)
          : text
      }
      onFocus={(event) => {
        setEditing(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setEditing(false);
        onBlur?.(event);
      }}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(inputToHundredths(next));
      }}
      error={error ?? (invalid ? validationMessages.numeric : undefined)}
      rightSection={rightSection ?? (currency ? currency.toUpperCase() : undefined)}
      rightSectionWidth={currency ? 48 : undefined}
    />
  );
}

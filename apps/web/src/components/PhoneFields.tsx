import { Group, TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PHONE_PREFIXES } from '@spedycja/domain';
import { SearchableSelect } from './SearchableSelect.tsx';

const PREFIX_OPTIONS = PHONE_PREFIXES.map((p) => ({ value: p, label: `+${p}` }));

export type PhoneFieldsProps = {
  prefixLabel: string;
  phoneLabel: string;
  prefixInput: GetInputPropsReturnType;
  phoneInput: GetInputPropsReturnType;
  /** An uncontrolled form's key for the number (form.key): a value set from outside remounts it with that value. */
  phoneKey?: string;
  /** More for the number's input (a hint under it, autocomplete). */
  phoneProps?: Partial<TextInputProps>;
  gap?: 'xs' | 'sm';
  prefixWidth?: number;
};

/** The calling-code select (+48 …) and the number beside it, as every form with a phone has them. */
export function PhoneFields({
  prefixLabel,
  phoneLabel,
  prefixInput,
  phoneInput,
  phoneKey,
  phoneProps,
  gap = 'sm',
  prefixWidth = 100,
}: PhoneFieldsProps) {
  return (
    <Group gap={gap} align="flex-start" wrap="nowrap">
      <SearchableSelect
        label={prefixLabel}
        w={prefixWidth}
        data={PREFIX_OPTIONS}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true, width: 140, position: 'bottom-start' }}
        {...prefixInput}
      />
      <TextInput
        key={phoneKey}
        label={phoneLabel}
        style={{ flex: 1 }}
        inputMode="tel"
        autoComplete="off"
        {...phoneProps}
        {...phoneInput}
      />
    </Group>
  );
}

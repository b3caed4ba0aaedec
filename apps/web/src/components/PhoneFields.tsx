import { Group, TextInput, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { PHONE_PREFIXES } from '@spedycja/domain';
import { SearchableSelect } from './SearchableSelect.tsx';

const PREFIX_OPTIONS = PHONE_PREFIXES.map((p) => ({ value: p, label: `+${p}` }));

/** The calling-code select as every phone has it (also FormPhoneFields', bound to an uncontrolled form). */
export const phonePrefixProps = (label: string, width: number) => ({
  label,
  w: width,
  data: PREFIX_OPTIONS,
  searchable: true,
  allowDeselect: false,
  comboboxProps: { withinPortal: true, width: 140, position: 'bottom-start' as const },
});

/** The number's input beside it. */
export const phoneNumberProps = (label: string) => ({
  label,
  style: { flex: 1 },
  inputMode: 'tel' as const,
  autoComplete: 'off',
});

export type PhoneFieldsProps = {
  prefixLabel: string;
  phoneLabel: string;
  prefixInput: GetInputPropsReturnType;
  phoneInput: GetInputPropsReturnType;
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
  phoneProps,
  gap = 'sm',
  prefixWidth = 100,
}: PhoneFieldsProps) {
  return (
    <Group gap={gap} align="flex-start" wrap="nowrap">
      <SearchableSelect {...phonePrefixProps(prefixLabel, prefixWidth)} {...prefixInput} />
      <TextInput {...phoneNumberProps(phoneLabel)} {...phoneProps} {...phoneInput} />
    </Group>
  );
}

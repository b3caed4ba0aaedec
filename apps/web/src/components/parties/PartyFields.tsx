import { Anchor, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { LANGUAGES, type PartyMatch } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { CountrySelect } from '../CountrySelect.tsx';
import { PhoneFields } from '../PhoneFields.tsx';
import { SearchableSelect } from '../SearchableSelect.tsx';
import { partyMessages as t } from './messages.ts';
import type { PartyFormValues } from './partyForm.ts';
import type { DuplicateHint } from './usePartyForm.ts';

/** Select data built once: ~200 calling codes. */
const LANGUAGE_OPTIONS = [...LANGUAGES];

const HINT_ORDER: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'error', 'description'];

function Hint({ hint, onOpen }: { hint: DuplicateHint | null; onOpen?: (match: PartyMatch) => void }) {
  if (!hint) return null;
  const { match } = hint;
  return (
    <Text span size="xs" c="orange.8" role="status">
      {hint.named ? `${hint.text}. ${hint.named}` : hint.text}
      {match && onOpen && (
        <>
          {' '}
          <Anchor component="button" type="button" size="xs" onClick={() => onOpen(match)}>
            {t.openExisting}
          </Anchor>
        </>
      )}
    </Text>
  );
}

export type PartyFieldsProps = {
  inputProps: (field: keyof PartyFormValues) => GetInputPropsReturnType;
  /** 'W bazie znaleziono N … z podanym numerem' under NIP and Telefon (who has it, with a link), or null. */
  hints: { nip: DuplicateHint | null; phone: DuplicateHint | null };
  /** Opens the record that already has the number (over this form, which keeps what was typed). */
  onOpenExisting?: (match: PartyMatch) => void;
  /** The resource's own fields, laid out in the same grid after the shared ones. */
  children?: ReactNode;
};

/** The company, contact, address, tax id and language fields of the customer and carrier modals. */
export function PartyFields({ inputProps, hints, onOpenExisting, children }: PartyFieldsProps) {
  const companyName = inputProps('companyName');
  const name = inputProps('name');
  // The server needs one of the two (partyIssues): each shows its '*' while the other is empty.
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      <TextInput
        label={t.fields.companyName}
        autoComplete="off"
        data-autofocus
        withAsterisk={!name.value}
        {...companyName}
      />
      <TextInput label={t.fields.name} autoComplete="off" withAsterisk={!companyName.value} {...name} />
      <TextInput
        label={t.fields.nip}
        autoComplete="off"
        description={<Hint hint={hints.nip} onOpen={onOpenExisting} />}
        inputWrapperOrder={HINT_ORDER}
        {...inputProps('nip')}
      />
      <PhoneFields
        gap="xs"
        prefixLabel={t.fields.phonePrefix}
        phoneLabel={t.fields.phone}
        prefixInput={inputProps('phonePrefix')}
        phoneInput={inputProps('phone')}
        phoneProps={{
          description: <Hint hint={hints.phone} onOpen={onOpenExisting} />,
          inputWrapperOrder: HINT_ORDER,
        }}
      />
      <TextInput label={t.fields.email} type="email" autoComplete="off" {...inputProps('email')} />
      <SearchableSelect
        label={t.fields.language}
        data={LANGUAGE_OPTIONS}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...inputProps('language')}
      />
      <TextInput label={t.fields.streetAddress} autoComplete="off" {...inputProps('streetAddress')} />
      <TextInput label={t.fields.postalCode} autoComplete="off" {...inputProps('postalCode')} />
      <TextInput label={t.fields.city} autoComplete="off" {...inputProps('city')} />
      <CountrySelect label={t.fields.country} {...inputProps('country')} />
      {children}
    </SimpleGrid>
  );
}

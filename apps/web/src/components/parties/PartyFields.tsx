import { Anchor, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LANGUAGES, type PartyMatch } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { FormField, useFormSelect } from '../../lib/uncontrolledForm.tsx';
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
  /** The customer's or carrier's form (uncontrolled: each field renders on its own value). */
  form: PartyForm;
  /** 'W bazie znaleziono N … z podanym numerem' under NIP and Telefon (who has it, with a link), or null. */
  hints: { nip: DuplicateHint | null; phone: DuplicateHint | null };
  /** Opens the record that already has the number (over this form, which keeps what was typed). */
  onOpenExisting?: (match: PartyMatch) => void;
  /** The resource's own fields, laid out in the same grid after the shared ones. */
  children?: ReactNode;
};

/** A customer's or carrier's form, as the shared fields see it. */
// biome-ignore lint/suspicious/noExplicitAny: the feature's values extend the shared ones.
export type PartyForm = UseFormReturnType<PartyFormValues, any>;

const isEmpty = (value: string) => !value;

/**
 * The company name and the person's name: the server needs one of the two (partyIssues), so each shows its '*' while
 * the other is empty. Only the emptiness is watched: typing renders nothing again.
 */
function NameFields({ form }: { form: PartyForm }) {
  const noCompany = useFormSelect(form, 'companyName', isEmpty);
  const noName = useFormSelect(form, 'name', isEmpty);
  return (
    <>
      <TextInput
        key={form.key('companyName')}
        label={t.fields.companyName}
        autoComplete="off"
        data-autofocus
        withAsterisk={noName}
        {...form.getInputProps('companyName')}
      />
      <TextInput
        key={form.key('name')}
        label={t.fields.name}
        autoComplete="off"
        withAsterisk={noCompany}
        {...form.getInputProps('name')}
      />
    </>
  );
}

/** The company, contact, address, tax id and language fields of the customer and carrier modals. */
export function PartyFields({ form, hints, onOpenExisting, children }: PartyFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      <NameFields form={form} />
      <TextInput
        key={form.key('nip')}
        label={t.fields.nip}
        autoComplete="off"
        description={<Hint hint={hints.nip} onOpen={onOpenExisting} />}
        inputWrapperOrder={HINT_ORDER}
        {...form.getInputProps('nip')}
      />
      <FormField form={form} path="phonePrefix">
        {(prefix) => (
          <PhoneFields
            gap="xs"
            prefixLabel={t.fields.phonePrefix}
            phoneLabel={t.fields.phone}
            prefixInput={prefix}
            phoneInput={form.getInputProps('phone')}
            phoneKey={form.key('phone')}
            phoneProps={{
              description: <Hint hint={hints.phone} onOpen={onOpenExisting} />,
              inputWrapperOrder: HINT_ORDER,
            }}
          />
        )}
      </FormField>
      <TextInput
        key={form.key('email')}
        label={t.fields.email}
        type="email"
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      <FormField form={form} path="language">
        {(input) => (
          <SearchableSelect
            label={t.fields.language}
            data={LANGUAGE_OPTIONS}
            searchable
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...input}
          />
        )}
      </FormField>
      <TextInput
        key={form.key('streetAddress')}
        label={t.fields.streetAddress}
        autoComplete="off"
        {...form.getInputProps('streetAddress')}
      />
      <TextInput
        key={form.key('postalCode')}
        label={t.fields.postalCode}
        autoComplete="off"
        {...form.getInputProps('postalCode')}
      />
      <TextInput key={form.key('city')} label={t.fields.city} autoComplete="off" {...form.getInputProps('city')} />
      <FormField form={form} path="country">
        {(input) => <CountrySelect label={t.fields.country} {...input} />}
      </FormField>
      {children}
    </SimpleGrid>
  );
}

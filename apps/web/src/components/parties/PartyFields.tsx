import { Anchor, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LANGUAGES, type PartyMatch } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { FormCountrySelect, FormPhoneFields, FormSelect, FormTextInput, useFormSelect } from '../FormFields.tsx';
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
 * the other is empty. Only the emptiness is watched: a key renders its own field only.
 */
function NameFields({ form }: { form: PartyForm }) {
  const noCompany = useFormSelect(form, 'companyName', isEmpty);
  const noName = useFormSelect(form, 'name', isEmpty);
  return (
    <>
      <FormTextInput
        form={form}
        path="companyName"
        label={t.fields.companyName}
        autoComplete="off"
        data-autofocus
        withAsterisk={noName}
      />
      <FormTextInput form={form} path="name" label={t.fields.name} autoComplete="off" withAsterisk={noCompany} />
    </>
  );
}

/** The company, contact, address, tax id and language fields of the customer and carrier modals. */
export function PartyFields({ form, hints, onOpenExisting, children }: PartyFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      <NameFields form={form} />
      <FormTextInput
        form={form}
        path="nip"
        label={t.fields.nip}
        autoComplete="off"
        description={<Hint hint={hints.nip} onOpen={onOpenExisting} />}
        inputWrapperOrder={HINT_ORDER}
      />
      <FormPhoneFields
        form={form}
        gap="xs"
        prefixLabel={t.fields.phonePrefix}
        phoneLabel={t.fields.phone}
        phoneProps={{
          description: <Hint hint={hints.phone} onOpen={onOpenExisting} />,
          inputWrapperOrder: HINT_ORDER,
        }}
      />
      <FormTextInput form={form} path="email" label={t.fields.email} type="email" autoComplete="off" />
      <FormSelect
        form={form}
        path="language"
        label={t.fields.language}
        data={LANGUAGE_OPTIONS}
        searchable
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <FormTextInput form={form} path="streetAddress" label={t.fields.streetAddress} autoComplete="off" />
      <FormTextInput form={form} path="postalCode" label={t.fields.postalCode} autoComplete="off" />
      <FormTextInput form={form} path="city" label={t.fields.city} autoComplete="off" />
      <FormCountrySelect form={form} path="country" label={t.fields.country} />
      {children}
    </SimpleGrid>
  );
}

import { Fieldset, SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { DateInput } from '../../../components/dates.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { verificationTexts as t } from '../messages.ts';

export type OcpFormValues = {
  ocpInsurer: string;
  ocpPolicyNumber: string;
  ocpSum: number | null;
  ocpSumCurrency: string;
  ocpValidFrom: string | null;
  ocpValidTo: string | null;
  licenceNumber: string;
  licenceValidTo: string | null;
};

export const emptyOcpForm = (): OcpFormValues => ({
  ocpInsurer: '',
  ocpPolicyNumber: '',
  ocpSum: null,
  ocpSumCurrency: 'pln',
  ocpValidFrom: null,
  ocpValidTo: null,
  licenceNumber: '',
  licenceValidTo: null,
});

export const ocpToForm = (c: {
  ocpInsurer: string | null;
  ocpPolicyNumber: string | null;
  ocpSum: number | null;
  ocpSumCurrency: string;
  ocpValidFrom: string | null;
  ocpValidTo: string | null;
  licenceNumber: string | null;
  licenceValidTo: string | null;
}): OcpFormValues => ({
  ocpInsurer: c.ocpInsurer ?? '',
  ocpPolicyNumber: c.ocpPolicyNumber ?? '',
  ocpSum: c.ocpSum,
  ocpSumCurrency: c.ocpSumCurrency || 'pln',
  ocpValidFrom: c.ocpValidFrom,
  ocpValidTo: c.ocpValidTo,
  licenceNumber: c.licenceNumber ?? '',
  licenceValidTo: c.licenceValidTo,
});

const CURRENCY_OPTIONS = [
  { value: 'pln', label: 'PLN' },
  { value: 'eur', label: 'EUR' },
];

/** The carrier's OCP policy and transport licence. */
export function OcpFields({ inputProps }: { inputProps: (field: keyof OcpFormValues) => GetInputPropsReturnType }) {
  const sum = inputProps('ocpSum');
  const sumCurrency = inputProps('ocpSumCurrency').value as string | null;
  return (
    <Fieldset legend={t.ocp.title} mt="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <TextInput label={t.ocp.insurer} autoComplete="off" {...inputProps('ocpInsurer')} />
        <TextInput label={t.ocp.policyNumber} autoComplete="off" {...inputProps('ocpPolicyNumber')} />
        <MoneyInput
          label={t.ocp.sum}
          value={sum.value}
          displayCurrency={sumCurrency || null}
          onChange={sum.onChange}
          error={sum.error}
          onFocus={sum.onFocus}
          onBlur={sum.onBlur}
        />
        <SearchableSelect
          label={t.ocp.sumCurrency}
          data={CURRENCY_OPTIONS}
          allowDeselect={false}
          {...inputProps('ocpSumCurrency')}
        />
        <DateInput label={t.ocp.validFrom} clearable {...inputProps('ocpValidFrom')} />
        <DateInput label={t.ocp.validTo} clearable {...inputProps('ocpValidTo')} />
        <TextInput label={t.ocp.licenceNumber} autoComplete="off" {...inputProps('licenceNumber')} />
        <DateInput label={t.ocp.licenceValidTo} clearable {...inputProps('licenceValidTo')} />
      </SimpleGrid>
    </Fieldset>
  );
}

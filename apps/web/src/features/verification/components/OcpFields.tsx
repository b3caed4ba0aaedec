import { Fieldset, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  FormDateInput,
  FormMoneyInput,
  FormSelect,
  FormTextInput,
  useFormSelect,
} from '../../../components/FormFields.tsx';
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

/** A form that holds the OCP fields (the carrier's). */
// biome-ignore lint/suspicious/noExplicitAny: the carrier's values extend these.
export type OcpForm = UseFormReturnType<OcpFormValues, any>;

/** The sum as every amount reads when not edited, in the policy's currency (which is watched, not the sum's keys). */
function OcpSum({ form }: { form: OcpForm }) {
  const currency = useFormSelect(form, 'ocpSumCurrency', (value) => value || null);
  return <FormMoneyInput form={form} path="ocpSum" label={t.ocp.sum} displayCurrency={currency} />;
}

/** The carrier's OCP policy and transport licence (an uncontrolled form: each field renders on its own value). */
export function OcpFields({ form }: { form: OcpForm }) {
  const date = (path: 'ocpValidFrom' | 'ocpValidTo' | 'licenceValidTo', label: string) => (
    <FormDateInput form={form} path={path} label={label} clearable />
  );
  return (
    <Fieldset legend={t.ocp.title} mt="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <FormTextInput form={form} path="ocpInsurer" label={t.ocp.insurer} autoComplete="off" />
        <FormTextInput form={form} path="ocpPolicyNumber" label={t.ocp.policyNumber} autoComplete="off" />
        <OcpSum form={form} />
        <FormSelect
          form={form}
          path="ocpSumCurrency"
          label={t.ocp.sumCurrency}
          data={CURRENCY_OPTIONS}
          allowDeselect={false}
        />
        {date('ocpValidFrom', t.ocp.validFrom)}
        {date('ocpValidTo', t.ocp.validTo)}
        <FormTextInput form={form} path="licenceNumber" label={t.ocp.licenceNumber} autoComplete="off" />
        {date('licenceValidTo', t.ocp.licenceValidTo)}
      </SimpleGrid>
    </Fieldset>
  );
}

import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CUSTOMER_PAYMENT_TERMS,
  formatDate,
  formatMoney,
  type InvoiceType,
  PAYMENT_METHODS,
  parseExchangeRate,
  paymentMethodLabels,
  rateToDecimal,
  toPln,
} from '@spedycja/domain';
import { useDeferredValue, useEffect, useMemo } from 'react';
import {
  FormCheckbox,
  FormCountrySelect,
  FormDateInput,
  FormSelect,
  FormTextarea,
  FormTextInput,
  useFormValue,
  useUncontrolledForm,
} from '../../../components/FormFields.tsx';
import { CURRENCY_OPTIONS } from '../../../components/shipment/options.ts';
import { focusFirstError, useSaveSubmit } from '../../../lib/forms.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { CustomerPicker, getCustomer } from '../../customers/index.ts';
import { PaymentTermField } from '../../orders/index.ts';
import { useEurRate } from '../api/getInvoice.ts';
import { useCreateInvoice, useUpdateInvoice } from '../api/mutations.ts';
import { invoicesMessages as t } from '../messages.ts';
import { buildInvoicePayload, type InvoiceFormValues, positionsPreview, validateInvoiceForm } from './invoiceForm.ts';
import { PositionsEditor } from './PositionsEditor.tsx';

export type InvoiceFormProps = {
  mode: 'create' | 'edit';
  invoiceUuid: string | null;
  initialValues: InvoiceFormValues;
  /** The rate a new position starts with (the draft's, or the settings' default). */
  defaultRate: number;
  /** Why the draft proposes its VAT rate (shown under the positions). */
  vatNote?: string | null;
  onCancel: () => void;
  onSaved: () => void;
};

const f = t.fields;
const s = t.sections;
const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: paymentMethodLabels[value] }));
const select = { allowDeselect: false, comboboxProps: { withinPortal: true } } as const;

type Form = UseFormReturnType<InvoiceFormValues>;

/** An EUR invoice takes NBP's rate of the last business day before the sale (or the settings' one, offline). */
function EurRateFollower({ form }: { form: Form }) {
  const currency = useFormValue<string>(form, 'currency');
  const source = useFormValue<string | null>(form, 'exchangeRateSource');
  const saleDate = useFormValue<string | null>(form, 'saleDate');
  const quote = useEurRate(currency !== 'pln' && source !== 'manual' ? saleDate : null);
  const { setValues } = form;
  useEffect(() => {
    if (!quote.data) return;
    setValues({
      exchangeRate: rateToDecimal(quote.data.rate).replace('.', ','),
      exchangeRateSource: quote.data.source,
      exchangeRateTable: quote.data.table,
      exchangeRateDate: quote.data.date,
    });
  }, [quote.data, setValues]);
  return null;
}

/** The buyer picked from the customers; picking one fills the buyer's fields. */
function BuyerPicker({ form }: { form: Form }) {
  const customer = useFormValue<InvoiceFormValues['customer']>(form, 'customer');
  const pick = async (picked: InvoiceFormValues['customer']) => {
    form.setFieldValue('customer', picked);
    if (!picked) return;
    const c = await getCustomer(picked.uuid);
    form.setValues({
      customerName: c.companyName ?? c.name ?? '',
      customerNip: c.nip ?? '',
      customerStreetAddress: c.streetAddress ?? '',
      customerPostalCode: c.postalCode ?? '',
      customerCity: c.city ?? '',
      customerCountry: c.country ?? 'PL',
      customerEmail: c.email ?? '',
    });
  };
  return <CustomerPicker label={f.customer} value={customer} onChange={(picked) => void pick(picked)} />;
}

function PaymentDateField({ form }: { form: Form }) {
  const date = useFormValue<string | null>(form, 'paymentDate');
  const term = useFormValue<string | null>(form, 'paymentDateString');
  return (
    <PaymentTermField
      label={f.paymentDate}
      required
      terms={CUSTOMER_PAYMENT_TERMS}
      value={{ date, term }}
      onChange={(value) => {
        form.setFieldValue('paymentDate', value.date);
        form.setFieldValue('paymentDateString', value.term);
      }}
      error={form.errors.paymentDate}
    />
  );
}

function PaidFields({ form }: { form: Form }) {
  const paid = useFormValue<boolean>(form, 'paid');
  return (
    <Group gap="md" align="flex-end">
      <FormCheckbox form={form} path="paid" label={f.paid} mb={8} />
      {paid && <FormDateInput form={form} path="paidDate" label={f.paidDate} />}
    </Group>
  );
}

/** The currency, its rate and where the rate came from, and the VAT in złoty of a foreign-currency invoice. */
function CurrencyFields({ form }: { form: Form }) {
  const currency = useFormValue<string>(form, 'currency');
  const exchangeRate = useFormValue<string>(form, 'exchangeRate');
  const source = useFormValue<string | null>(form, 'exchangeRateSource');
  const table = useFormValue<string | null>(form, 'exchangeRateTable');
  const rateDate = useFormValue<string | null>(form, 'exchangeRateDate');
  const foreign = currency !== 'pln';
  const rate = parseExchangeRate(exchangeRate);
  return (
    <>
      <Group grow gap="sm" align="flex-start">
        <FormSelect form={form} path="currency" label={f.currency} withAsterisk data={CURRENCY_OPTIONS} {...select} />
        {foreign && (
          <TextInput
            label={f.exchangeRate}
            inputMode="decimal"
            value={exchangeRate}
            error={form.errors.exchangeRate}
            onChange={(event) =>
              form.setValues({
                exchangeRate: event.currentTarget.value,
                exchangeRateSource: 'manual',
                exchangeRateTable: null,
                exchangeRateDate: null,
              })
            }
          />
        )}
      </Group>
      {foreign && source === 'nbp' && table && (
        <Text size="sm" c="dimmed">
          {t.rateFromNbp(table, formatDate(rateDate))}
        </Text>
      )}
      {foreign && source === 'settings' && (
        <Alert color="orange" variant="light" p="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t.rateFromSettings}</Text>
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => form.setFieldValue('exchangeRateSource', 'manual')}
            >
              {t.rate.confirm}
            </Button>
          </Group>
        </Alert>
      )}
      {foreign && rate !== null && <VatInPln form={form} rate={rate} />}
    </>
  );
}

/** Follows the positions only while the invoice is in a foreign currency, rendered after a key's paint (deferred). */
function VatInPln({ form, rate }: { form: Form; rate: number }) {
  const positions = useDeferredValue(useFormValue<InvoiceFormValues['invoicePositions']>(form, 'invoicePositions'));
  const { totals } = useMemo(() => positionsPreview(positions), [positions]);
  return <Text size="sm">{t.rate.vatPln(formatMoney(toPln(totals.totalVat, rate), 'pln'))}</Text>;
}

/**
 * The invoice form: the document, the correction, seller and buyer, positions, payment and currency. Save with
 * an invalid form (the domain schema, as on the server) shows the errors and focuses the first; a new invoice can be added and sent,
 * an edited one saved and marked as sent.
 */
export function InvoiceForm({
  mode,
  invoiceUuid,
  initialValues,
  defaultRate,
  vatNote,
  onCancel,
  onSaved,
}: InvoiceFormProps) {
  // Uncontrolled (issue 35): a key renders its own field only (and what is computed from it); values read on save.
  const form = useUncontrolledForm<InvoiceFormValues>({
    initialValues,
    validate: validateInvoiceForm,
    validateInputOnBlur: true,
  });
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const runSave = useSaveSubmit(form, { uncontrolled: true });
  const saving = create.isPending || update.isPending;
  // An invoice keeps its type.
  const type: InvoiceType = initialValues.type;

  const save = (options: { send?: boolean; markSent?: boolean }) =>
    runSave(async () => {
      if (form.validate().hasErrors) {
        focusFirstError();
        return;
      }
      const payload = buildInvoicePayload(form.getValues());
      if (!payload) return;
      if (mode === 'create') {
        const created = await create.mutateAsync({ ...payload, sendMail: options.send === true });
        if (options.send && created.invoiceSent) notifySuccess(t.sent);
      } else if (invoiceUuid) {
        const { type: _type, sendMail: _send, ...changes } = payload;
        await update.mutateAsync({
          uuid: invoiceUuid,
          payload: { ...changes, ...(options.markSent ? { invoiceSent: true } : {}) },
        });
      }
      onSaved();
    });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save({});
      }}
      noValidate
      aria-label={mode === 'edit' ? t.editTitles[type] : t.createTitles[type]}
    >
      <Stack gap="md">
        <EurRateFollower form={form} />
        <Fieldset legend={s.document}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <FormTextInput
              form={form}
              path="number"
              label={f.number}
              description={mode === 'create' ? f.numberHint : undefined}
            />
            <FormDateInput form={form} path="createdDate" label={f.createdDate} withAsterisk />
            <FormDateInput form={form} path="saleDate" label={f.saleDate} withAsterisk />
          </SimpleGrid>
        </Fieldset>

        {type === 'corrective' && (
          <Fieldset legend={s.correction}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <FormTextInput
                form={form}
                path="correctedDocumentNumber"
                label={f.correctedDocumentNumber}
                withAsterisk
              />
              <FormDateInput form={form} path="correctedDocumentDate" label={f.correctedDocumentDate} />
              <FormTextarea
                form={form}
                path="correctionReason"
                label={f.correctionReason}
                withAsterisk
                autosize
                minRows={1}
              />
            </SimpleGrid>
          </Fieldset>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fieldset legend={s.vendor}>
            <Stack gap={6}>
              <FormTextInput form={form} path="vendorName" label={f.vendorName} withAsterisk />
              <FormTextInput form={form} path="vendorNip" label={f.vendorNip} withAsterisk />
              <FormTextInput form={form} path="vendorStreetAddress" label={f.vendorStreetAddress} withAsterisk />
              <Group grow gap="sm">
                <FormTextInput form={form} path="vendorPostalCode" label={f.vendorPostalCode} withAsterisk />
                <FormTextInput form={form} path="vendorCity" label={f.vendorCity} withAsterisk />
              </Group>
              <FormTextInput form={form} path="vendorBankAccount" label={f.vendorBankAccount} />
            </Stack>
          </Fieldset>
          <Fieldset legend={s.buyer}>
            <Stack gap={6}>
              <BuyerPicker form={form} />
              <FormTextInput form={form} path="customerName" label={f.customerName} withAsterisk />
              <Group grow gap="sm">
                <FormTextInput form={form} path="customerNip" label={f.customerNip} withAsterisk />
                <FormCountrySelect form={form} path="customerCountry" label={f.customerCountry} />
              </Group>
              <FormTextInput form={form} path="customerStreetAddress" label={f.customerStreetAddress} withAsterisk />
              <Group grow gap="sm">
                <FormTextInput form={form} path="customerPostalCode" label={f.customerPostalCode} withAsterisk />
                <FormTextInput form={form} path="customerCity" label={f.customerCity} withAsterisk />
              </Group>
              <FormTextInput form={form} path="customerEmail" label={f.customerEmail} type="email" />
            </Stack>
          </Fieldset>
        </SimpleGrid>

        <PositionsEditor form={form} defaultRate={defaultRate} />
        {vatNote && (
          <Text size="sm" c="dimmed">
            {vatNote}
          </Text>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fieldset legend={s.payment}>
            <Stack gap={6}>
              <PaymentDateField form={form} />
              <FormSelect
                form={form}
                path="paymentMethod"
                label={f.paymentMethod}
                withAsterisk
                data={METHOD_OPTIONS}
                {...select}
              />
              <PaidFields form={form} />
            </Stack>
          </Fieldset>
          <Fieldset legend={s.currency}>
            <Stack gap={6}>
              <CurrencyFields form={form} />
              <FormCheckbox form={form} path="reverseCharge" label={f.reverseCharge} />
              <FormTextarea form={form} path="description" label={f.description} autosize minRows={2} maxRows={6} />
            </Stack>
          </Fieldset>
        </SimpleGrid>
      </Stack>

      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          {t.submit.cancel}
        </Button>
        {mode === 'create' ? (
          <Button variant="light" onClick={() => void save({ send: true })} disabled={saving}>
            {t.submit.saveAndSend}
          </Button>
        ) : (
          <Button variant="light" onClick={() => void save({ markSent: true })} disabled={saving}>
            {t.submit.saveAndMark}
          </Button>
        )}
        <Button type="submit" loading={saving} disabled={saving}>
          {t.submit.save}
        </Button>
      </Group>
    </form>
  );
}

import { Alert, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
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
import { useEffect, useMemo } from 'react';
import { CountrySelect } from '../../../components/CountrySelect.tsx';
import { DateInput } from '../../../components/dates.tsx';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
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
  const form = useForm<InvoiceFormValues>({ initialValues, validate: validateInvoiceForm, validateInputOnBlur: true });
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const runSave = useSaveSubmit(form);
  const saving = create.isPending || update.isPending;
  const values = form.values;
  const type: InvoiceType = values.type;

  // An EUR invoice takes NBP's rate of the last business day before the sale (or the settings' one, offline).
  const rateDay = values.currency !== 'pln' && values.exchangeRateSource !== 'manual' ? values.saleDate : null;
  const quote = useEurRate(rateDay);
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

  const { totals } = useMemo(() => positionsPreview(values.invoicePositions), [values.invoicePositions]);
  const rate = parseExchangeRate(values.exchangeRate);

  const handleCustomer = async (customer: InvoiceFormValues['customer']) => {
    form.setFieldValue('customer', customer);
    if (!customer) return;
    const c = await getCustomer(customer.uuid);
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

  const save = (options: { send?: boolean; markSent?: boolean }) =>
    runSave(async () => {
      if (form.validate().hasErrors) {
        focusFirstError();
        return;
      }
      const payload = buildInvoicePayload(form.values);
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
        <Fieldset legend={s.document}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={f.number}
              description={mode === 'create' ? f.numberHint : undefined}
              {...form.getInputProps('number')}
            />
            <DateInput label={f.createdDate} withAsterisk {...form.getInputProps('createdDate')} />
            <DateInput label={f.saleDate} withAsterisk {...form.getInputProps('saleDate')} />
          </SimpleGrid>
        </Fieldset>

        {type === 'corrective' && (
          <Fieldset legend={s.correction}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label={f.correctedDocumentNumber}
                withAsterisk
                {...form.getInputProps('correctedDocumentNumber')}
              />
              <DateInput label={f.correctedDocumentDate} {...form.getInputProps('correctedDocumentDate')} />
              <Textarea
                label={f.correctionReason}
                withAsterisk
                autosize
                minRows={1}
                {...form.getInputProps('correctionReason')}
              />
            </SimpleGrid>
          </Fieldset>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fieldset legend={s.vendor}>
            <Stack gap={6}>
              <TextInput label={f.vendorName} withAsterisk {...form.getInputProps('vendorName')} />
              <TextInput label={f.vendorNip} withAsterisk {...form.getInputProps('vendorNip')} />
              <TextInput label={f.vendorStreetAddress} withAsterisk {...form.getInputProps('vendorStreetAddress')} />
              <Group grow gap="sm">
                <TextInput label={f.vendorPostalCode} withAsterisk {...form.getInputProps('vendorPostalCode')} />
                <TextInput label={f.vendorCity} withAsterisk {...form.getInputProps('vendorCity')} />
              </Group>
              <TextInput label={f.vendorBankAccount} {...form.getInputProps('vendorBankAccount')} />
            </Stack>
          </Fieldset>
          <Fieldset legend={s.buyer}>
            <Stack gap={6}>
              <CustomerPicker
                label={f.customer}
                value={values.customer}
                onChange={(customer) => void handleCustomer(customer)}
              />
              <TextInput label={f.customerName} withAsterisk {...form.getInputProps('customerName')} />
              <Group grow gap="sm">
                <TextInput label={f.customerNip} withAsterisk {...form.getInputProps('customerNip')} />
                <CountrySelect label={f.customerCountry} {...form.getInputProps('customerCountry')} />
              </Group>
              <TextInput
                label={f.customerStreetAddress}
                withAsterisk
                {...form.getInputProps('customerStreetAddress')}
              />
              <Group grow gap="sm">
                <TextInput label={f.customerPostalCode} withAsterisk {...form.getInputProps('customerPostalCode')} />
                <TextInput label={f.customerCity} withAsterisk {...form.getInputProps('customerCity')} />
              </Group>
              <TextInput label={f.customerEmail} type="email" {...form.getInputProps('customerEmail')} />
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
              <PaymentTermField
                label={f.paymentDate}
                required
                terms={CUSTOMER_PAYMENT_TERMS}
                value={{ date: values.paymentDate, term: values.paymentDateString }}
                onChange={({ date, term }) => form.setValues({ paymentDate: date, paymentDateString: term })}
                error={form.errors.paymentDate}
              />
              <SearchableSelect
                label={f.paymentMethod}
                withAsterisk
                data={METHOD_OPTIONS}
                {...select}
                {...form.getInputProps('paymentMethod')}
              />
              <Group gap="md" align="flex-end">
                <Checkbox label={f.paid} mb={8} {...form.getInputProps('paid', { type: 'checkbox' })} />
                {values.paid && <DateInput label={f.paidDate} {...form.getInputProps('paidDate')} />}
              </Group>
            </Stack>
          </Fieldset>
          <Fieldset legend={s.currency}>
            <Stack gap={6}>
              <Group grow gap="sm" align="flex-start">
                <SearchableSelect
                  label={f.currency}
                  withAsterisk
                  data={CURRENCY_OPTIONS}
                  {...select}
                  {...form.getInputProps('currency')}
                />
                {values.currency !== 'pln' && (
                  <TextInput
                    label={f.exchangeRate}
                    inputMode="decimal"
                    value={values.exchangeRate}
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
              {values.currency !== 'pln' && values.exchangeRateSource === 'nbp' && values.exchangeRateTable && (
                <Text size="sm" c="dimmed">
                  {t.rateFromNbp(values.exchangeRateTable, formatDate(values.exchangeRateDate))}
                </Text>
              )}
              {values.currency !== 'pln' && values.exchangeRateSource === 'settings' && (
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
              {values.currency !== 'pln' && rate !== null && (
                <Text size="sm">{t.rate.vatPln(formatMoney(toPln(totals.totalVat, rate), 'pln'))}</Text>
              )}
              <Checkbox label={f.reverseCharge} {...form.getInputProps('reverseCharge', { type: 'checkbox' })} />
              <Textarea label={f.description} autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
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

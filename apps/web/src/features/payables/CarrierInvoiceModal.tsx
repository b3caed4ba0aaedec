import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  type CarrierInvoice,
  carrierInvoiceCreateSchema,
  fieldErrors,
  type Order,
  PAYMENT_TERM_FROM,
  type PaymentTermFrom,
  paymentTermFromLabels,
} from '@spedycja/domain';
import dayjs from 'dayjs';
import { AppModal } from '../../components/AppModal.tsx';
import {
  FormDateInput,
  FormField,
  FormMoneyInput,
  FormTextInput,
  useFormSelect,
  useFormValue,
  useUncontrolledForm,
} from '../../components/FormFields.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import type { PartyRef } from '../../components/parties/partyForm.ts';
import { api, isApiError } from '../../lib/apiClient.ts';
import { CarrierPicker } from '../carriers/index.ts';
import { useCreateCarrierInvoice } from './api.ts';
import { payablesUiMessages as t } from './messages.ts';

type Line = { number: string; amount: number | null };
type Form = {
  carrier: PartyRef | null;
  number: string;
  issueDate: string | null;
  receivedDate: string | null;
  documentsReceivedDate: string | null;
  currency: 'pln' | 'eur';
  netAmount: number | null;
  vatAmount: number | null;
  bankAccount: string;
  paymentTermDays: number | null;
  paymentTermFrom: PaymentTermFrom;
  lines: Line[];
};

/** A corrective's form: the corrected invoice's carrier, currency and orders, the amounts (the change) to type. */
const correctiveOf = (corrected: CarrierInvoice): Form => ({
  ...empty(),
  carrier: null,
  currency: corrected.currency === 'eur' ? 'eur' : 'pln',
  paymentTermDays: null,
  lines: corrected.orders.map((o) => ({ number: o.order.number ?? '', amount: null })),
});

const empty = (): Form => ({
  carrier: null,
  number: '',
  issueDate: null,
  receivedDate: dayjs().format('YYYY-MM-DD'),
  documentsReceivedDate: null,
  currency: 'pln',
  netAmount: null,
  vatAmount: null,
  bankAccount: '',
  paymentTermDays: 60,
  paymentTermFrom: 'documents',
  lines: [{ number: '', amount: null }],
});

type InvoiceForm = UseFormReturnType<Form>;

/** An amount in the form's currency: renders again on its own value and on the currency only. */
function AmountField({
  form,
  path,
  ...props
}: {
  form: InvoiceForm;
  path: string;
  label: string;
  withAsterisk?: boolean;
}) {
  const currency = useFormValue<'pln' | 'eur'>(form, 'currency');
  return <FormMoneyInput form={form} path={path} currency={currency} {...props} />;
}

/** The gross, net + VAT as typed: the one part of the form that follows those two keys. */
function GrossField({ form }: { form: InvoiceForm }) {
  const net = useFormValue<number | null>(form, 'netAmount');
  const vat = useFormValue<number | null>(form, 'vatAmount');
  const currency = useFormValue<'pln' | 'eur'>(form, 'currency');
  const error = form.errors.grossAmount;
  return (
    <MoneyInput
      label={t.fields.gross}
      currency={currency}
      value={(net ?? 0) + (vat ?? 0)}
      error={error}
      onChange={() => undefined}
      readOnly
    />
  );
}

/**
 * 'Dodaj fakturę przewoźnika': a paper invoice typed by hand, over one or more orders (each with its part of the net).
 * With `corrects` ('Korekta', issue 38): a corrective invoice of that one — its carrier and currency, its orders
 * offered; the amounts are the change (negative for a reduction) and change what is due on the corrected invoice.
 * An uncontrolled form (components/FormFields.tsx): a key renders its own field, not the whole invoice (issue 35).
 */
export function CarrierInvoiceModal(props: {
  opened: boolean;
  onClose: () => void;
  onSaved: (invoice: CarrierInvoice) => void;
  corrects?: CarrierInvoice | null;
}) {
  if (!props.opened) return null;
  return <CarrierInvoiceForm {...props} />;
}

function CarrierInvoiceForm({
  onClose,
  onSaved,
  corrects = null,
}: {
  onClose: () => void;
  onSaved: (invoice: CarrierInvoice) => void;
  corrects?: CarrierInvoice | null;
}) {
  const form = useUncontrolledForm<Form>({ initialValues: corrects ? correctiveOf(corrects) : empty() });
  const lineCount = useFormSelect(form, 'lines', (lines) => lines.length);
  const create = useCreateCarrierInvoice();

  const submit = async () => {
    const values = form.getValues();
    // The orders by their numbers, as the office knows them.
    const found: Record<string, string> = {};
    const orders: { order: string; amount: number | null }[] = [];
    for (const [i, line] of values.lines.entries()) {
      if (!line.number.trim()) continue;
      const list = await api.list<Order>('/orders', { number: line.number.trim(), itemsPerPage: 5 });
      const order = list['hydra:member'].find((o) => o.number === line.number.trim());
      if (!order) found[`lines.${i}.number`] = t.orderNotFound;
      orders.push({ order: order?.['@id'] ?? '', amount: line.amount });
    }
    const payload = {
      carrier: corrects ? corrects.carrier['@id'] : (values.carrier?.['@id'] ?? null),
      ...(corrects ? { corrects: corrects['@id'] } : {}),
      number: values.number,
      issueDate: values.issueDate,
      receivedDate: values.receivedDate,
      documentsReceivedDate: values.documentsReceivedDate,
      currency: values.currency,
      netAmount: values.netAmount,
      vatAmount: values.vatAmount,
      grossAmount: (values.netAmount ?? 0) + (values.vatAmount ?? 0),
      bankAccount: values.bankAccount || null,
      paymentTermDays: values.paymentTermDays ?? undefined,
      // A corrective follows its invoice's term unless one is typed.
      paymentTermFrom: corrects && values.paymentTermDays === null ? undefined : values.paymentTermFrom,
      orders,
    };
    const all = { ...linePaths(fieldErrors(carrierInvoiceCreateSchema, payload)), ...found };
    form.setErrors(all);
    if (Object.keys(all).length > 0) return;
    try {
      const saved = await create.mutateAsync(carrierInvoiceCreateSchema.parse(payload));
      form.setValues(empty());
      form.resetDirty(empty());
      onSaved(saved);
    } catch (error) {
      if (isApiError(error)) {
        form.setErrors(linePaths(Object.fromEntries(error.violations.map((v) => [v.propertyPath, v.message]))));
      }
    }
  };

  return (
    <AppModal opened onClose={onClose} title={corrects ? t.correctiveTitle(corrects.number) : t.addTitle} size={900}>
      <Stack gap="sm">
        {corrects ? (
          <Text size="sm" c="dimmed">
            {t.correctiveHint(corrects.carrier.name ?? '')}
          </Text>
        ) : (
          <FormField form={form} path="carrier">
            {(input) => (
              <CarrierPicker
                value={input.value}
                onChange={(value) => form.setFieldValue('carrier', value)}
                error={input.error}
                required
              />
            )}
          </FormField>
        )}
        {form.errors.corrects && (
          <Text size="sm" c="red">
            {form.errors.corrects}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <FormTextInput form={form} path="number" label={t.fields.number} withAsterisk />
          <FormDateInput form={form} path="issueDate" label={t.fields.issueDate} withAsterisk />
          <FormDateInput form={form} path="receivedDate" label={t.fields.receivedDate} />
          <FormDateInput form={form} path="documentsReceivedDate" label={t.fields.documentsReceivedDate} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <FormField form={form} path="currency">
            {(input) => (
              <Select
                label={t.fields.currency}
                data={[
                  { value: 'pln', label: 'PLN' },
                  { value: 'eur', label: 'EUR' },
                ]}
                value={input.value}
                allowDeselect={false}
                disabled={!!corrects}
                onChange={(v) => form.setFieldValue('currency', (v as 'pln' | 'eur') ?? 'pln')}
              />
            )}
          </FormField>
          <AmountField form={form} path="netAmount" label={t.fields.net} withAsterisk />
          <AmountField form={form} path="vatAmount" label={t.fields.vat} withAsterisk />
          <GrossField form={form} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FormTextInput form={form} path="bankAccount" label={t.fields.bankAccount} />
          <FormField form={form} path="paymentTermDays">
            {(input) => (
              <NumberInput
                label={t.fields.termDays}
                min={0}
                max={365}
                allowDecimal={false}
                value={input.value ?? ''}
                error={input.error}
                onChange={(v) => form.setFieldValue('paymentTermDays', v === '' ? null : Number(v))}
              />
            )}
          </FormField>
          <FormField form={form} path="paymentTermFrom">
            {(input) => (
              <Select
                label={t.fields.termFrom}
                data={PAYMENT_TERM_FROM.map((value) => ({ value, label: paymentTermFromLabels[value] }))}
                value={input.value}
                allowDeselect={false}
                onChange={(v) => form.setFieldValue('paymentTermFrom', (v as PaymentTermFrom) ?? 'documents')}
              />
            )}
          </FormField>
        </SimpleGrid>
        <Text fw={600} size="sm">
          {t.fields.orders}
        </Text>
        {form.errors.orders && (
          <Text size="sm" c="red">
            {form.errors.orders}
          </Text>
        )}
        {Array.from({ length: lineCount }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity of their own until saved.
          <Group key={i} grow align="flex-start">
            <FormTextInput form={form} path={`lines.${i}.number`} label={t.fields.orderNumber} />
            <AmountField form={form} path={`lines.${i}.amount`} label={t.fields.orderAmount} />
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => form.insertListItem('lines', { number: '', amount: null })}>
            {t.addOrder}
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              {t.close}
            </Button>
            <Button loading={create.isPending} onClick={() => void submit()}>
              {t.save}
            </Button>
          </Group>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** The API's paths of the orders' lines ('orders[0].amount') as the form's ('lines.0.amount'). */
function linePaths(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [
      path
        .replace(/^orders\[(\d+)\]\.order$/, 'lines.$1.number')
        .replace(/^orders\[(\d+)\]\.amount$/, 'lines.$1.amount'),
      message,
    ]),
  );
}

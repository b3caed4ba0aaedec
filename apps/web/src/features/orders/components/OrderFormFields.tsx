import { Fieldset, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CARRIER_ACQUISITION_SOURCES,
  CARRIER_PAYMENT_TERMS,
  CUSTOMER_PAYMENT_TERMS,
  formatMoney,
  formatPercent,
  orderMargin,
  PAYMENT_TERM_FROM,
  paymentTermFromLabels,
} from '@spedycja/domain';
import {
  FormCheckbox,
  FormMoneyInput,
  FormSelect,
  FormTextarea,
  FormTextInput,
  useFieldProps,
  useFormValue,
} from '../../../components/FormFields.tsx';
import { CURRENCY_OPTIONS, LOADING_TYPE_OPTIONS } from '../../../components/shipment/options.ts';
import { CargoSection, OwnerSelect, RouteSection, StatusSelect } from '../../../components/shipment/ShipmentFields.tsx';
import { CarrierPicker } from '../../carriers/index.ts';
import { FormCustomerPicker } from '../../customers/index.ts';
import { CarrierOrderFields, verificationTexts } from '../../verification/index.ts';
import { ordersMessages as t } from '../messages.ts';
import { STATUS_OPTIONS } from './options.ts';
import type { OrderFormValues } from './orderForm.ts';
import { PaymentTermField } from './PaymentTermField.tsx';

/**
 * The order form's fields, grouped as a dispatcher reads an order: route, cargo, the two parties, the truck, notes.
 * The form is uncontrolled (issue 35): each field, and each display derived from a few fields (the margin, the
 * carrier's warnings), renders when what it reads changes, never on another field's key.
 */

type Form = UseFormReturnType<OrderFormValues>;

const f = t.fields;
const select = { allowDeselect: false, comboboxProps: { withinPortal: true } } as const;
const ACQUISITION_OPTIONS = CARRIER_ACQUISITION_SOURCES.map((value) => ({ value, label: value }));

/** A checkbox bound to one of the order's flags. */
function Flag({ form, path, label }: { form: Form; path: keyof OrderFormValues; label: string }) {
  return <FormCheckbox form={form} path={path} label={label} />;
}

function PriceFields({ form, party }: { form: Form; party: 'customer' | 'carrier' }) {
  const currencyKey = party === 'customer' ? 'customerPriceCurrency' : 'carrierPriceCurrency';
  // An order cannot be saved without the customer's price (REQUIRED_ORDER_KEYS); the carrier's may come later.
  const required = party === 'customer';
  const currency = useFormValue<string>(form, currencyKey);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <FormMoneyInput
        form={form}
        path={`${party}Price`}
        label={f[`${party}Price`]}
        required={required}
        style={{ flex: 1 }}
        currency={currency}
      />
      <FormSelect
        form={form}
        path={currencyKey}
        label={f.currency}
        aria-label={f[currencyKey]}
        required={required}
        w={96}
        data={CURRENCY_OPTIONS}
        {...select}
      />
    </Group>
  );
}

function PaymentFields({ form, party }: { form: Form; party: 'customer' | 'carrier' }) {
  const dateKey = party === 'customer' ? 'customerDateOfPayment' : 'carrierDateOfPayment';
  const termKey = party === 'customer' ? 'customerDateOfPaymentString' : 'carrierDateOfPaymentString';
  const date = useFormValue<string | null>(form, dateKey);
  const term = useFormValue<string | null>(form, termKey);
  return (
    <PaymentTermField
      label={party === 'customer' ? f.customerPayment : f.carrierPayment}
      terms={party === 'customer' ? CUSTOMER_PAYMENT_TERMS : CARRIER_PAYMENT_TERMS}
      value={{ date, term }}
      onChange={(value) => {
        form.setFieldValue(dateKey, value.date);
        form.setFieldValue(termKey, value.term);
      }}
      error={form.errors[dateKey] ?? form.errors[termKey]}
    />
  );
}

/**
 * Issue 38: the carrier's agreed term as its invoices count it — the days, and from the invoice's date or from the
 * arrival of the invoice with the documents ('liczony od otrzymania dokumentów').
 */
function CarrierTermFields({ form }: { form: Form }) {
  const days = useFieldProps(form, 'carrierPaymentTermDays');
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <NumberInput
        label={f.carrierTermDays}
        min={0}
        max={365}
        allowDecimal={false}
        style={{ flex: 1 }}
        value={(days.value as number | null) ?? ''}
        error={days.error}
        onChange={(value) => form.setFieldValue('carrierPaymentTermDays', value === '' ? null : Number(value))}
      />
      <FormSelect
        form={form}
        path="carrierPaymentTermFrom"
        label={f.carrierTermFrom}
        data={PAYMENT_TERM_FROM.map((value) => ({ value, label: paymentTermFromLabels[value] }))}
        clearable
        style={{ flex: 2 }}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}

/** The margin as the server will compute it, recomputed while prices, currencies and the rate are typed. */
export function MarginLine({ form }: { form: Form }) {
  const { margin, marginPercent } = orderMargin({
    customerPrice: useFormValue(form, 'customerPrice'),
    customerPriceCurrency: useFormValue(form, 'customerPriceCurrency'),
    carrierPrice: useFormValue(form, 'carrierPrice'),
    carrierPriceCurrency: useFormValue(form, 'carrierPriceCurrency'),
    euroExchangeRate: useFormValue(form, 'euroExchangeRate'),
  });
  return (
    <Text size="sm" aria-live="polite" data-testid="order-margin" c={margin !== null && margin < 0 ? 'red' : undefined}>
      {f.margin}:{' '}
      {margin === null ? formatMoney(null) : `${formatMoney(margin, 'pln')} (${formatPercent(marginPercent)})`}
    </Text>
  );
}

export function OrderRouteSection({ form }: { form: Form }) {
  return (
    <RouteSection form={form}>
      <FormSelect
        form={form}
        path="loadingType"
        label={f.loadingType}
        data={LOADING_TYPE_OPTIONS}
        mt="xs"
        maw={300}
        {...select}
      />
    </RouteSection>
  );
}

export function OrderCargoSection({ form }: { form: Form }) {
  return <CargoSection form={form} cols={{ base: 2, sm: 6 }} />;
}

/** The carrier, its account and its warnings (OCP against the cargo's value and the unloading day). */
function OrderCarrierFields({ form }: { form: Form }) {
  const carrier = useFormValue<OrderFormValues['carrier']>(form, 'carrier');
  const account = useFieldProps(form, 'carrierBankAccount');
  const order = {
    unloadingDate: useFormValue<string | null>(form, 'unloadingDate'),
    cargoValue: useFormValue<number | null>(form, 'cargoValue'),
    cargoValueCurrency: useFormValue<string>(form, 'cargoValueCurrency'),
    euroExchangeRate: useFormValue<number | null>(form, 'euroExchangeRate'),
  };
  return (
    <>
      <CarrierPicker
        label={f.carrier}
        unloadingDate={order.unloadingDate}
        markChosen={false}
        value={carrier}
        onChange={(picked) => form.setFieldValue('carrier', picked)}
        error={form.errors.carrier}
      />
      <CarrierOrderFields
        carrierUuid={carrier?.uuid ?? null}
        order={order}
        account={account.value}
        onAccountChange={(value) => form.setFieldValue('carrierBankAccount', value)}
        accountError={account.error}
      />
    </>
  );
}

/** The value of the cargo, in its currency. */
function CargoValueFields({ form }: { form: Form }) {
  const currency = useFormValue<string>(form, 'cargoValueCurrency');
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <FormMoneyInput
        form={form}
        path="cargoValue"
        label={verificationTexts.cargoValue}
        style={{ flex: 1 }}
        currency={currency}
      />
      <FormSelect
        form={form}
        path="cargoValueCurrency"
        label={f.currency}
        aria-label={verificationTexts.cargoValueCurrency}
        w={96}
        data={CURRENCY_OPTIONS}
        comboboxProps={{ withinPortal: true }}
      />
    </Group>
  );
}

export function PartiesSection({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Fieldset legend={t.sections.customer}>
        <Stack gap="xs">
          <FormCustomerPicker form={form} label={f.customer} />
          <PriceFields form={form} party="customer" />
          <PaymentFields form={form} party="customer" />
          <Group gap="md">
            <Flag form={form} path="customerPaid" label={f.customerPaid} />
            <Flag form={form} path="customerPaidConfirmed" label={f.customerPaidConfirmed} />
          </Group>
        </Stack>
      </Fieldset>
      <Fieldset legend={t.sections.carrier}>
        <Stack gap="xs">
          <OrderCarrierFields form={form} />
          <PriceFields form={form} party="carrier" />
          <CargoValueFields form={form} />
          <MarginLine form={form} />
          <FormSelect
            form={form}
            path="carrierAcquiredBy"
            label={f.carrierAcquiredBy}
            data={ACQUISITION_OPTIONS}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <PaymentFields form={form} party="carrier" />
          <CarrierTermFields form={form} />
          <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
            <Flag form={form} path="carrierPaid" label={f.carrierPaid} />
            <Flag form={form} path="carrierPaidConfirmed" label={f.carrierPaidConfirmed} />
            <Flag form={form} path="carrierIsPayer" label={f.carrierIsPayer} />
            <Flag form={form} path="driverPicksUpMoney" label={f.driverPicksUpMoney} />
          </SimpleGrid>
        </Stack>
      </Fieldset>
    </SimpleGrid>
  );
}

export function DriverAndNotesSection({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Fieldset legend={t.sections.driver}>
        <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
          <FormTextInput form={form} path="driverName" label={f.driverName} autoComplete="off" />
          <FormTextInput form={form} path="driverId" label={f.driverId} autoComplete="off" />
          <Group grow={false} align="flex-start" gap="sm" wrap="nowrap" style={{ gridColumn: 'span 2' }}>
            <FormTextInput
              form={form}
              path="driverPhonePrefix"
              label={f.driverPhonePrefix}
              w={90}
              inputMode="numeric"
              leftSection="00"
            />
            <FormTextInput
              form={form}
              path="driverPhone"
              label={f.driverPhone}
              style={{ flex: 1 }}
              inputMode="tel"
              autoComplete="off"
            />
          </Group>
          <FormTextInput form={form} path="truck" label={f.truck} autoComplete="off" />
          <FormTextInput form={form} path="trailer" label={f.trailer} autoComplete="off" />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t.sections.documents}>
        <Stack gap="xs">
          <FormTextarea
            form={form}
            path="orderAdditionalInfo"
            label={f.orderAdditionalInfo}
            description={f.orderAdditionalInfoHint}
            autosize
            minRows={2}
            maxRows={6}
          />
          <FormTextarea
            form={form}
            path="additionalInfo"
            label={f.additionalInfo}
            description={f.additionalInfoHint}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Group gap="md">
            <Flag form={form} path="showInCalendar" label={f.showInCalendar} />
            <Flag form={form} path="loadingFinished" label={f.loadingFinished} />
            <Flag form={form} path="unloadingFinished" label={f.unloadingFinished} />
          </Group>
        </Stack>
      </Fieldset>
    </SimpleGrid>
  );
}

export function StatusSection({
  form,
  ownerOptions,
}: {
  form: Form;
  ownerOptions: { value: string; label: string }[];
}) {
  return (
    <Fieldset legend={t.sections.other}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <StatusSelect form={form} options={STATUS_OPTIONS} />
        <OwnerSelect form={form} options={ownerOptions} />
        <FormMoneyInput form={form} path="euroExchangeRate" label={f.euroExchangeRate} />
      </SimpleGrid>
    </Fieldset>
  );
}

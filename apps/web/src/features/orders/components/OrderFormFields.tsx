import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CARRIER_ACQUISITION_SOURCES,
  CARRIER_PAYMENT_TERMS,
  CUSTOMER_PAYMENT_TERMS,
  formatMoney,
  formatPercent,
  orderMargin,
} from '@spedycja/domain';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { CURRENCY_OPTIONS, LOADING_TYPE_OPTIONS } from '../../../components/shipment/options.ts';
import {
  amountProps,
  CargoSection,
  OwnerSelect,
  RouteSection,
  StatusSelect,
} from '../../../components/shipment/ShipmentFields.tsx';
import { CarrierPicker } from '../../carriers/index.ts';
import { CustomerPicker } from '../../customers/index.ts';
import { CarrierOrderFields, verificationTexts } from '../../verification/index.ts';
import { ordersMessages as t } from '../messages.ts';
import { STATUS_OPTIONS } from './options.ts';
import type { OrderFormValues } from './orderForm.ts';
import { PaymentTermField } from './PaymentTermField.tsx';

/** The order form's fields, grouped as a dispatcher reads an order: route, cargo, the two parties, the truck, notes. */

type Form = UseFormReturnType<OrderFormValues>;

const f = t.fields;
const select = { allowDeselect: false, comboboxProps: { withinPortal: true } } as const;
const ACQUISITION_OPTIONS = CARRIER_ACQUISITION_SOURCES.map((value) => ({ value, label: value }));

type MoneyKey = 'customerPrice' | 'carrierPrice' | 'euroExchangeRate' | 'cargoValue';

const money = (form: Form, key: MoneyKey) => amountProps(form, key);
const checkbox = (form: Form, key: keyof OrderFormValues) => form.getInputProps(key, { type: 'checkbox' });

function PriceFields({ form, party }: { form: Form; party: 'customer' | 'carrier' }) {
  const currencyKey = party === 'customer' ? 'customerPriceCurrency' : 'carrierPriceCurrency';
  // An order cannot be saved without the customer's price (REQUIRED_ORDER_KEYS); the carrier's may come later.
  const required = party === 'customer';
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap">
      <MoneyInput
        label={f[`${party}Price`]}
        required={required}
        style={{ flex: 1 }}
        currency={form.values[currencyKey]}
        {...money(form, `${party}Price`)}
      />
      <SearchableSelect
        label={f.currency}
        aria-label={f[currencyKey]}
        required={required}
        w={96}
        data={CURRENCY_OPTIONS}
        {...select}
        {...form.getInputProps(currencyKey)}
      />
    </Group>
  );
}

function PaymentFields({ form, party }: { form: Form; party: 'customer' | 'carrier' }) {
  const dateKey = party === 'customer' ? 'customerDateOfPayment' : 'carrierDateOfPayment';
  const termKey = party === 'customer' ? 'customerDateOfPaymentString' : 'carrierDateOfPaymentString';
  return (
    <PaymentTermField
      label={party === 'customer' ? f.customerPayment : f.carrierPayment}
      terms={party === 'customer' ? CUSTOMER_PAYMENT_TERMS : CARRIER_PAYMENT_TERMS}
      value={{ date: form.values[dateKey], term: form.values[termKey] }}
      onChange={({ date, term }) => form.setValues({ [dateKey]: date, [termKey]: term })}
      error={form.errors[dateKey] ?? form.errors[termKey]}
    />
  );
}

/** The margin as the server will compute it, recomputed while prices, currencies and the rate are typed. */
export function MarginLine({ form }: { form: Form }) {
  const { margin, marginPercent } = orderMargin(form.values);
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
      <SearchableSelect
        label={f.loadingType}
        data={LOADING_TYPE_OPTIONS}
        mt="xs"
        maw={300}
        {...select}
        {...form.getInputProps('loadingType')}
      />
    </RouteSection>
  );
}

export function OrderCargoSection({ form }: { form: Form }) {
  return <CargoSection form={form} cols={{ base: 2, sm: 6 }} />;
}

export function PartiesSection({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Fieldset legend={t.sections.customer}>
        <Stack gap="xs">
          <CustomerPicker
            label={f.customer}
            required
            value={form.values.customer}
            onChange={(customer) => form.setFieldValue('customer', customer)}
            error={form.errors.customer}
          />
          <PriceFields form={form} party="customer" />
          <PaymentFields form={form} party="customer" />
          <Group gap="md">
            <Checkbox label={f.customerPaid} {...checkbox(form, 'customerPaid')} />
            <Checkbox label={f.customerPaidConfirmed} {...checkbox(form, 'customerPaidConfirmed')} />
          </Group>
        </Stack>
      </Fieldset>
      <Fieldset legend={t.sections.carrier}>
        <Stack gap="xs">
          <CarrierPicker
            label={f.carrier}
            unloadingDate={form.values.unloadingDate}
            markChosen={false}
            value={form.values.carrier}
            onChange={(carrier) => form.setFieldValue('carrier', carrier)}
            error={form.errors.carrier}
          />
          <CarrierOrderFields
            carrierUuid={form.values.carrier?.uuid ?? null}
            order={form.values}
            account={form.values.carrierBankAccount}
            onAccountChange={(value) => form.setFieldValue('carrierBankAccount', value)}
            accountError={form.errors.carrierBankAccount}
          />
          <PriceFields form={form} party="carrier" />
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <MoneyInput
              label={verificationTexts.cargoValue}
              style={{ flex: 1 }}
              currency={form.values.cargoValueCurrency}
              {...money(form, 'cargoValue')}
            />
            <SearchableSelect
              label={f.currency}
              aria-label={verificationTexts.cargoValueCurrency}
              w={96}
              data={CURRENCY_OPTIONS}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('cargoValueCurrency')}
            />
          </Group>
          <MarginLine form={form} />
          <SearchableSelect
            label={f.carrierAcquiredBy}
            data={ACQUISITION_OPTIONS}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('carrierAcquiredBy')}
          />
          <PaymentFields form={form} party="carrier" />
          <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
            <Checkbox label={f.carrierPaid} {...checkbox(form, 'carrierPaid')} />
            <Checkbox label={f.carrierPaidConfirmed} {...checkbox(form, 'carrierPaidConfirmed')} />
            <Checkbox label={f.carrierIsPayer} {...checkbox(form, 'carrierIsPayer')} />
            <Checkbox label={f.driverPicksUpMoney} {...checkbox(form, 'driverPicksUpMoney')} />
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
          <TextInput label={f.driverName} autoComplete="off" {...form.getInputProps('driverName')} />
          <TextInput label={f.driverId} autoComplete="off" {...form.getInputProps('driverId')} />
          <Group grow={false} align="flex-start" gap="sm" wrap="nowrap" style={{ gridColumn: 'span 2' }}>
            <TextInput
              label={f.driverPhonePrefix}
              w={90}
              inputMode="numeric"
              leftSection="00"
              {...form.getInputProps('driverPhonePrefix')}
            />
            <TextInput
              label={f.driverPhone}
              style={{ flex: 1 }}
              inputMode="tel"
              autoComplete="off"
              {...form.getInputProps('driverPhone')}
            />
          </Group>
          <TextInput label={f.truck} autoComplete="off" {...form.getInputProps('truck')} />
          <TextInput label={f.trailer} autoComplete="off" {...form.getInputProps('trailer')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t.sections.documents}>
        <Stack gap="xs">
          <Textarea
            label={f.orderAdditionalInfo}
            description={f.orderAdditionalInfoHint}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('orderAdditionalInfo')}
          />
          <Textarea
            label={f.additionalInfo}
            description={f.additionalInfoHint}
            autosize
            minRows={2}
            maxRows={6}
            {...form.getInputProps('additionalInfo')}
          />
          <Group gap="md">
            <Checkbox label={f.showInCalendar} {...checkbox(form, 'showInCalendar')} />
            <Checkbox label={f.loadingFinished} {...checkbox(form, 'loadingFinished')} />
            <Checkbox label={f.unloadingFinished} {...checkbox(form, 'unloadingFinished')} />
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
        <MoneyInput label={f.euroExchangeRate} {...money(form, 'euroExchangeRate')} />
      </SimpleGrid>
    </Fieldset>
  );
}

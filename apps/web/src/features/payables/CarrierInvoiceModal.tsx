import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
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
import { useState } from 'react';
import { AppModal } from '../../components/AppModal.tsx';
import { DateInput } from '../../components/dates.tsx';
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

/**
 * 'Dodaj fakturę przewoźnika': a paper invoice typed by hand, over one or more orders (each with its part of the net).
 * With `corrects` ('Korekta', issue 38): a corrective invoice of that one — its carrier and currency, its orders
 * offered; the amounts are the change (negative for a reduction) and change what is due on the corrected invoice.
 */
export function CarrierInvoiceModal({
  opened,
  onClose,
  onSaved,
  corrects = null,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved: (invoice: CarrierInvoice) => void;
  corrects?: CarrierInvoice | null;
}) {
  const [form, setForm] = useState<Form>(() => (corrects ? correctiveOf(corrects) : empty()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateCarrierInvoice();
  if (!opened) return null;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setLine = (i: number, line: Partial<Line>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l, j) => (j === i ? { ...l, ...line } : l)) }));
  const gross = (form.netAmount ?? 0) + (form.vatAmount ?? 0);

  const submit = async () => {
    // The orders by their numbers, as the office knows them.
    const found: Record<string, string> = {};
    const orders: { order: string; amount: number | null }[] = [];
    for (const [i, line] of form.lines.entries()) {
      if (!line.number.trim()) continue;
      const list = await api.list<Order>('/orders', { number: line.number.trim(), itemsPerPage: 5 });
      const order = list['hydra:member'].find((o) => o.number === line.number.trim());
      if (!order) found[`orders[${i}].order`] = t.orderNotFound;
      orders.push({ order: order?.['@id'] ?? '', amount: line.amount });
    }
    const payload = {
      carrier: corrects ? corrects.carrier['@id'] : (form.carrier?.['@id'] ?? null),
      ...(corrects ? { corrects: corrects['@id'] } : {}),
      number: form.number,
      issueDate: form.issueDate,
      receivedDate: form.receivedDate,
      documentsReceivedDate: form.documentsReceivedDate,
      currency: form.currency,
      netAmount: form.netAmount,
      vatAmount: form.vatAmount,
      grossAmount: gross,
      bankAccount: form.bankAccount || null,
      paymentTermDays: form.paymentTermDays ?? undefined,
      // A corrective follows its invoice's term unless one is typed.
      paymentTermFrom: corrects && form.paymentTermDays === null ? undefined : form.paymentTermFrom,
      orders,
    };
    const all = { ...fieldErrors(carrierInvoiceCreateSchema, payload), ...found };
    setErrors(all);
    if (Object.keys(all).length > 0) return;
    try {
      const saved = await create.mutateAsync(carrierInvoiceCreateSchema.parse(payload));
      setForm(empty());
      onSaved(saved);
    } catch (error) {
      if (isApiError(error)) {
        setErrors(Object.fromEntries(error.violations.map((v) => [v.propertyPath, v.message])));
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
          <CarrierPicker
            value={form.carrier}
            onChange={(value) => set('carrier', value)}
            error={errors.carrier}
            required
          />
        )}
        {errors.corrects && (
          <Text size="sm" c="red">
            {errors.corrects}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <TextInput
            label={t.fields.number}
            withAsterisk
            value={form.number}
            error={errors.number}
            onChange={(e) => set('number', e.currentTarget.value)}
          />
          <DateInput
            label={t.fields.issueDate}
            withAsterisk
            value={form.issueDate}
            error={errors.issueDate}
            onChange={(v) => set('issueDate', v ? String(v) : null)}
          />
          <DateInput
            label={t.fields.receivedDate}
            value={form.receivedDate}
            error={errors.receivedDate}
            onChange={(v) => set('receivedDate', v ? String(v) : null)}
          />
          <DateInput
            label={t.fields.documentsReceivedDate}
            value={form.documentsReceivedDate}
            error={errors.documentsReceivedDate}
            onChange={(v) => set('documentsReceivedDate', v ? String(v) : null)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          <Select
            label={t.fields.currency}
            data={[
              { value: 'pln', label: 'PLN' },
              { value: 'eur', label: 'EUR' },
            ]}
            value={form.currency}
            allowDeselect={false}
            disabled={!!corrects}
            onChange={(v) => set('currency', (v as 'pln' | 'eur') ?? 'pln')}
          />
          <MoneyInput
            label={t.fields.net}
            withAsterisk
            currency={form.currency}
            value={form.netAmount}
            error={errors.netAmount}
            onChange={(v) => set('netAmount', v)}
          />
          <MoneyInput
            label={t.fields.vat}
            withAsterisk
            currency={form.currency}
            value={form.vatAmount}
            error={errors.vatAmount}
            onChange={(v) => set('vatAmount', v)}
          />
          <MoneyInput
            label={t.fields.gross}
            currency={form.currency}
            value={gross}
            error={errors.grossAmount}
            onChange={() => undefined}
            readOnly
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t.fields.bankAccount}
            value={form.bankAccount}
            error={errors.bankAccount}
            onChange={(e) => set('bankAccount', e.currentTarget.value)}
          />
          <NumberInput
            label={t.fields.termDays}
            min={0}
            max={365}
            allowDecimal={false}
            value={form.paymentTermDays ?? ''}
            error={errors.paymentTermDays}
            onChange={(v) => set('paymentTermDays', v === '' ? null : Number(v))}
          />
          <Select
            label={t.fields.termFrom}
            data={PAYMENT_TERM_FROM.map((value) => ({ value, label: paymentTermFromLabels[value] }))}
            value={form.paymentTermFrom}
            allowDeselect={false}
            onChange={(v) => set('paymentTermFrom', (v as PaymentTermFrom) ?? 'documents')}
          />
        </SimpleGrid>
        <Text fw={600} size="sm">
          {t.fields.orders}
        </Text>
        {errors.orders && (
          <Text size="sm" c="red">
            {errors.orders}
          </Text>
        )}
        {form.lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines have no identity of their own until saved.
          <Group key={i} grow align="flex-start">
            <TextInput
              label={t.fields.orderNumber}
              value={line.number}
              error={errors[`orders[${i}].order`]}
              onChange={(e) => setLine(i, { number: e.currentTarget.value })}
            />
            <MoneyInput
              label={t.fields.orderAmount}
              currency={form.currency}
              value={line.amount}
              error={errors[`orders[${i}].amount`]}
              onChange={(v) => setLine(i, { amount: v })}
            />
          </Group>
        ))}
        <Group justify="space-between">
          <Button variant="subtle" onClick={() => set('lines', [...form.lines, { number: '', amount: null }])}>
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

import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  BOOKED_PAYMENT_METHODS,
  type BookedPaymentMethod,
  fieldErrors,
  formatDate,
  formatMoney,
  type Invoice,
  type InvoicePayment,
  invoicePaymentCreateSchema,
  paymentCancelSchema,
} from '@spedycja/domain';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { AppModal, useModalDraft } from '../../components/AppModal.tsx';
import { DateInput } from '../../components/dates.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { PaymentsTable } from '../../components/PaymentsTable.tsx';
import { InvoiceReminders } from '../reminders/index.ts';
import { useBookInvoicePayment, useCancelInvoicePayment, useInvoicePayments } from './api.ts';
import { paymentsUiMessages as t } from './messages.ts';
import { PaymentStatusCell } from './PaymentStatus.tsx';
import { receiptColumns } from './paymentColumns.tsx';

type Form = { date: string | null; amount: number | null; method: BookedPaymentMethod; note: string };

/** An invoice's payments: what is paid and due, each payment (cancel with a reason), booking a new one. */
export function PaymentsModal({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  if (!invoice) return null;
  return (
    <AppModal opened onClose={onClose} title={t.title(invoice.number)} size={820}>
      {/* The state lives inside the modal: a crash in it is caught by the modal's boundary, not the page's. */}
      <PaymentsContent key={invoice.uuid} invoice={invoice} onClose={onClose} />
    </AppModal>
  );
}

const bookingForm = (due: number): Form => ({
  date: dayjs().format('YYYY-MM-DD'),
  amount: due > 0 ? due : null,
  method: 'przelew',
  note: '',
});

function PaymentsContent({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const payments = useInvoicePayments(invoice.uuid);
  const book = useBookInvoicePayment();
  const cancel = useCancelInvoicePayment();
  // The figures shown follow the latest read of the invoice (the list refreshes after a booking).
  const due = invoice.dueAmount ?? 0;
  const [form, setForm] = useState<Form>(() => bookingForm(due));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cancelling, setCancelling] = useState<InvoicePayment | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  // A booking (or a cancellation) changes what is due: the form starts again from the new amount.
  const formDue = useRef(due);
  useEffect(() => {
    if (formDue.current === due) return;
    formDue.current = due;
    setForm(bookingForm(due));
    setErrors({});
    setCancelling(null);
  }, [due]);
  // After this effect: a retry after a crash starts from what was typed, not from the reset above.
  useModalDraft(form, setForm);

  const rows = payments.data?.['hydra:member'] ?? [];

  const submit = async () => {
    const payload = {
      invoice: invoice['@id'],
      date: form.date,
      amount: form.amount,
      method: form.method,
      note: form.note,
      currency: invoice.currency,
    };
    const found = fieldErrors(invoicePaymentCreateSchema, payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await book.mutateAsync(invoicePaymentCreateSchema.parse(payload));
    } catch {
      // Notified by the mutation.
    }
  };

  const confirmCancel = async () => {
    if (!cancelling) return;
    const found = fieldErrors(paymentCancelSchema, { reason });
    if (found.reason) {
      setReasonError(found.reason);
      return;
    }
    try {
      await cancel.mutateAsync({ uuid: cancelling.uuid, reason });
      setCancelling(null);
      setReason('');
      setReasonError(null);
    } catch {
      // Notified by the mutation.
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xl" align="flex-start">
        <Text size="sm">
          {t.gross}: <b>{formatMoney(invoice.totalGross, invoice.currency)}</b>
        </Text>
        <Text size="sm">
          {t.paid}: <b>{formatMoney(invoice.paidAmount, invoice.currency)}</b>
        </Text>
        <Text size="sm">
          {t.due}: <b>{formatMoney(invoice.dueAmount, invoice.currency)}</b>
        </Text>
        <PaymentStatusCell invoice={invoice} />
      </Group>
      <PaymentsTable
        rows={rows}
        columns={receiptColumns}
        label={t.listLabel}
        emptyText={t.none}
        stateHeader={t.columns.state}
        cancelledText={t.cancelled}
        cancelLabel={t.cancel}
        onCancel={setCancelling}
      />
      {cancelling && (
        <Stack gap="xs" role="group" aria-label={t.cancelTitle}>
          <Text fw={600} size="sm">
            {t.cancelTitle} {formatMoney(cancelling.amount, cancelling.currency)} ({formatDate(cancelling.date)})
          </Text>
          <TextInput
            label={t.cancelReason}
            value={reason}
            error={reasonError}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setCancelling(null)}>
              {t.back}
            </Button>
            <Button color="red" onClick={confirmCancel} loading={cancel.isPending}>
              {t.confirmCancel}
            </Button>
          </Group>
        </Stack>
      )}
      <Stack gap="xs" role="group" aria-label={t.add}>
        <Text fw={600} size="sm">
          {t.add}
        </Text>
        <Group grow align="flex-start">
          <DateInput
            label={t.fields.date}
            withAsterisk
            value={form.date}
            error={errors.date}
            onChange={(value) => setForm((f) => ({ ...f, date: value ? String(value) : null }))}
          />
          <MoneyInput
            label={t.fields.amount}
            withAsterisk
            currency={invoice.currency}
            value={form.amount}
            error={errors.amount}
            onChange={(value) => setForm((f) => ({ ...f, amount: value }))}
          />
        </Group>
        <SegmentedControl
          aria-label={t.fields.method}
          value={form.method}
          onChange={(value) => setForm((f) => ({ ...f, method: value as BookedPaymentMethod }))}
          data={BOOKED_PAYMENT_METHODS.map((m) => ({ value: m, label: t.methods[m] }))}
        />
        <TextInput
          label={t.fields.note}
          value={form.note}
          error={errors.note}
          onChange={(e) => {
            // Read now: React releases the event before the updater runs (issue 34: the third letter crashed).
            const note = e.currentTarget.value;
            setForm((f) => ({ ...f, note }));
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.close}
          </Button>
          <Button onClick={submit} loading={book.isPending}>
            {t.add}
          </Button>
        </Group>
      </Stack>
      <InvoiceReminders invoice={invoice} />
    </Stack>
  );
}

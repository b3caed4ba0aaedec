import { Group, Stack, Text } from '@mantine/core';
import { type CarrierInvoice, formatMoney } from '@spedycja/domain';
import { AppModal } from '../../components/AppModal.tsx';
import { PaymentsTable } from '../../components/PaymentsTable.tsx';
import { carrierPaymentColumns, paymentsUiMessages as p } from '../receivables/index.ts';
import { useCarrierInvoicePayments } from './api.ts';
import { payablesUiMessages as t } from './messages.ts';

/** A carrier's invoice's payments: the ledger's table, with the carrier side's columns. */
export function CarrierInvoicePaymentsModal({
  invoice,
  onClose,
}: {
  invoice: CarrierInvoice | null;
  onClose: () => void;
}) {
  const payments = useCarrierInvoicePayments(invoice?.uuid ?? null);
  if (!invoice) return null;
  return (
    <AppModal opened onClose={onClose} title={t.paymentsTitle(invoice.number)} size={820}>
      <Stack gap="sm">
        <Group gap="xl">
          <Text size="sm">
            {p.gross}: <b>{formatMoney(invoice.grossAmount, invoice.currency)}</b>
          </Text>
          <Text size="sm">
            {p.paid}: <b>{formatMoney(invoice.paidAmount, invoice.currency)}</b>
          </Text>
          <Text size="sm">
            {p.due}: <b>{formatMoney(invoice.dueAmount, invoice.currency)}</b>
          </Text>
        </Group>
        <PaymentsTable
          rows={payments.data?.['hydra:member'] ?? []}
          columns={carrierPaymentColumns}
          label={t.paymentsTitle(invoice.number)}
          emptyText={p.none}
          stateHeader={p.columns.state}
          cancelledText={p.cancelled}
        />
      </Stack>
    </AppModal>
  );
}

import { Alert, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  fieldErrors,
  formatMoney,
  type TransferBatch,
  type TransferLine,
  transferBatchCancelSchema,
} from '@spedycja/domain';
import { useState } from 'react';
import { AppModal } from '../../components/AppModal.tsx';
import { api } from '../../lib/apiClient.ts';
import { saveFile } from '../../lib/download.ts';
import { notifyError } from '../../lib/notify.ts';
import { useCancelBatch, useMarkBatchPaid } from './api.ts';
import { payablesUiMessages as t } from './messages.ts';

const whitelistText = (line: TransferLine) => {
  const w = line.whitelist;
  if (w.status === 'confirmed') return t.whitelist.confirmed(w.requestId);
  if (w.status === 'overridden') return t.whitelist.overridden(w.overrideReason);
  return t.whitelist[w.status];
};

/** The batch 'Przygotuj przelewy' made: its transfers, the refused lines (an admin's reason lets one through), its files. */
export function TransferBatchModal({
  batch,
  onClose,
  onChange,
  onOverride,
  overriding,
}: {
  batch: TransferBatch | null;
  onClose: () => void;
  onChange: (batch: TransferBatch) => void;
  onOverride: (overrides: { invoice: string; reason: string }[]) => void;
  overriding: boolean;
}) {
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [cancelReason, setCancelReason] = useState('');
  const [cancelError, setCancelError] = useState<string | null>(null);
  const cancel = useCancelBatch();
  const paid = useMarkBatchPaid();
  if (!batch) return null;

  const download = (format: 'elixir' | 'pain001') =>
    api
      .file(`/transfer_batches/${batch.uuid}/file`, { format })
      .then(({ blob, fileName }) => saveFile(blob, fileName ?? `przelewy.${format === 'elixir' ? 'pli' : 'xml'}`))
      .then(() => api.get<TransferBatch>(`/transfer_batches/${batch.uuid}`))
      .then(onChange)
      .catch((error: unknown) => notifyError(t.downloadAction, error));

  const overridable = batch.refused.filter((r) => r.code === 'whitelist_unconfirmed');
  // A batch not made (every line refused) has only its refusals.
  const made = batch.uuid !== '';
  const open = made && (batch.status === 'przygotowana' || batch.status === 'wyeksportowana');

  const submitCancel = async () => {
    const found = fieldErrors(transferBatchCancelSchema, { reason: cancelReason });
    if (found.reason) {
      setCancelError(found.reason);
      return;
    }
    try {
      onChange(await cancel.mutateAsync({ uuid: batch.uuid, reason: cancelReason }));
    } catch {
      // Notified by the mutation.
    }
  };

  return (
    <AppModal
      opened
      onClose={onClose}
      title={made ? `${t.batchModal} — ${t.batchStatus[batch.status]}` : t.refusedTitle}
      size={1100}
    >
      <Stack gap="sm">
        <Group gap="lg">
          {batch.totals.map((s) => (
            <Text key={s.currency} size="sm">
              {t.lines}: {s.count}, <b>{formatMoney(s.amount, s.currency)}</b>
            </Text>
          ))}
        </Group>
        {made && (
          <Table aria-label={t.linesLabel} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.lineColumns.carrier}</Table.Th>
                <Table.Th>{t.lineColumns.account}</Table.Th>
                <Table.Th>{t.lineColumns.amount}</Table.Th>
                <Table.Th>{t.lineColumns.title}</Table.Th>
                <Table.Th>{t.lineColumns.mpp}</Table.Th>
                <Table.Th>{t.lineColumns.whitelist}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batch.lines.map((line) => (
                <Table.Tr key={line.uuid}>
                  <Table.Td>{line.carrier.name}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {line.account}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(line.amount, line.currency)}</Table.Td>
                  <Table.Td>{line.title}</Table.Td>
                  <Table.Td>{line.mpp ? <Badge size="sm">MPP</Badge> : null}</Table.Td>
                  <Table.Td>{whitelistText(line)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {batch.refused.length > 0 && (
          <Alert color="orange" title={t.refusedTitle}>
            <Stack gap="xs">
              {batch.refused.map((r) => (
                <Text key={r.invoice} size="sm">
                  {r.number ? `${r.number}: ${r.message}` : r.message}
                </Text>
              ))}
              {overridable.map((r) => (
                <TextInput
                  key={r.invoice}
                  label={r.number ? `${t.overrideReason} (${r.number})` : t.overrideReason}
                  value={reasons[r.invoice] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setReasons((current) => ({ ...current, [r.invoice]: value }));
                  }}
                />
              ))}
              {overridable.length > 0 && (
                <Group justify="flex-end">
                  <Button
                    color="orange"
                    loading={overriding}
                    disabled={overridable.some((r) => (reasons[r.invoice] ?? '').trim().length < 3)}
                    onClick={() =>
                      onOverride(overridable.map((r) => ({ invoice: r.invoice, reason: reasons[r.invoice] ?? '' })))
                    }
                  >
                    {t.override}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {batch.cancelReason && <Text size="sm">{batch.cancelReason}</Text>}
        {open && (
          <Group justify="space-between" align="flex-end">
            <Group>
              <Button variant="light" onClick={() => void download('elixir')}>
                {t.elixir}
              </Button>
              <Button variant="light" onClick={() => void download('pain001')}>
                {t.pain001}
              </Button>
              <Button
                color="green"
                loading={paid.isPending}
                onClick={() =>
                  paid
                    .mutateAsync(batch.uuid)
                    .then(onChange)
                    .catch(() => undefined)
                }
              >
                {t.markPaid}
              </Button>
            </Group>
            <Group align="flex-end">
              <TextInput
                label={t.cancelReasonLabel}
                value={cancelReason}
                error={cancelError}
                onChange={(e) => {
                  setCancelReason(e.currentTarget.value);
                  setCancelError(null);
                }}
              />
              <Button color="red" variant="light" loading={cancel.isPending} onClick={() => void submitCancel()}>
                {t.cancelBatch}
              </Button>
            </Group>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.close}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

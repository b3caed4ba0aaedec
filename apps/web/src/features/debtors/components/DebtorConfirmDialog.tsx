import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { formatMoney } from '@spedycja/domain';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { debtorTexts as t } from '../messages.ts';

/** What the order's save asks about its customer (see useDebtorCheck). */
export type DebtorAsk = {
  customerName: string;
  /** Hundredths of PLN. */
  overdueAmount: number;
  /** 'Blokuj zlecenia dla dłużników' is on. */
  blocking: boolean;
  admin: boolean;
};

/**
 * 'Klient jest dłużnikiem …': saving an order for a debtor is confirmed here. With blocking on an administrator gives
 * the reason sent as `debtorOverride` (kept in the order's history); a dispatcher confirms and gets the server's 422
 * naming the invoices.
 */
export function DebtorConfirmDialog({
  ask,
  onConfirm,
  onCancel,
}: {
  /** Null: closed. */
  ask: DebtorAsk | null;
  /** With the administrator's reason when blocking is on. */
  onConfirm: (reason: string | undefined) => Promise<unknown> | unknown;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const opened = ask !== null;
  const needsReason = !!ask?.blocking && ask.admin;
  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
    }
  }, [opened]);

  const confirm = async () => {
    if (needsReason && reason.trim().length < 3) {
      setError(t.reasonRequired);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(needsReason ? reason.trim() : undefined);
    } catch {
      // Reported by the caller.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={() => !busy && onCancel()} title={t.confirmTitle} size={520}>
      {ask && (
        <Stack gap="sm">
          <Text fw={500}>{ask.customerName}</Text>
          <Text c="red.8">{t.confirmText(formatMoney(ask.overdueAmount, 'pln'))}</Text>
          {ask.blocking && <Text size="sm">{t.blockedInfo}</Text>}
          {needsReason && (
            <Textarea
              label={t.reasonLabel}
              rows={3}
              withAsterisk
              value={reason}
              error={error}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setError(null);
              }}
            />
          )}
        </Stack>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </Button>
        <Button color="red" onClick={confirm} loading={busy} data-autofocus>
          {t.confirm}
        </Button>
      </Group>
    </AppModal>
  );
}

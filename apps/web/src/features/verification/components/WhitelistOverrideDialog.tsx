import { Button, Group, Text, Textarea } from '@mantine/core';
import { verificationMessages as vm } from '@spedycja/domain';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { isApiError } from '../../../lib/apiClient.ts';
import { verificationTexts as t } from '../messages.ts';

/** A 409 of paying a carrier whose account the VAT white list did not confirm (above 15 000 zł gross). */
export const isWhitelistUnconfirmed = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.detail === vm.whitelistUnconfirmed;

/**
 * The administrator's explicit confirmation of such a payment: the risk in the list's words and a reason, which the
 * server keeps in the carrier's verifications with who and when.
 */
export function WhitelistOverrideDialog({
  opened,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (opened) {
      setReason('');
      setError(null);
    }
  }, [opened]);
  const confirm = async () => {
    if (reason.trim().length < 3) {
      setError(vm.overrideReasonRequired);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(reason.trim());
    } catch {
      // Reported by the caller.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal opened={opened} onClose={() => !busy && onCancel()} title={t.overrideTitle} size={520}>
      <Text c="red.8" size="sm" mb="sm">
        {vm.whitelistUnconfirmed}
      </Text>
      <Textarea
        label={t.overrideReason}
        autosize
        minRows={2}
        value={reason}
        error={error}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </Button>
        <Button color="red" onClick={confirm} loading={busy}>
          {t.overrideConfirm}
        </Button>
      </Group>
    </AppModal>
  );
}

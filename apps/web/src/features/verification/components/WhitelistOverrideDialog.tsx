import { Button, Group, Text, Textarea } from '@mantine/core';
import { verificationMessages as vm } from '@spedycja/domain';
import { useEffect, useState } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { isApiError } from '../../../lib/apiClient.ts';
import { verificationTexts as t } from '../messages.ts';

/** A 409 of paying a carrier whose account the VAT white list did not confirm (above 15 000 zł gross). */
export const isWhitelistUnconfirmed = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.detail === vm.whitelistRefused;

const [unverifiedStart = '', unverifiedEnd = ''] = vm.carrierUnverified('\u0000').split('\u0000');
/**
 * A 422 of saving an order (or converting a query) with a carrier that is not verified while 'only verified carriers'
 * is on: its message, else null.
 */
export const carrierUnverifiedMessage = (error: unknown): string | null => {
  if (!isApiError(error) || error.status !== 422) return null;
  const found = error.violations.find(
    (v) => v.propertyPath === 'carrier' && v.message.startsWith(unverifiedStart) && v.message.endsWith(unverifiedEnd),
  );
  return found?.message ?? null;
};

/** What the administrator overrides: a payment the white list did not confirm, or an unverified carrier. */
export type OverrideKind = 'whitelist' | 'carrier';

/**
 * The administrator's explicit confirmation, with a reason: of a payment the white list did not confirm (the risk in
 * the list's words; the server keeps the reason in the carrier's verifications with who and when), or — kind
 * 'carrier' — of an order with a carrier that is not verified (the server's 422 message; the reason is kept on the
 * order).
 */
export function WhitelistOverrideDialog({
  opened,
  onConfirm,
  onCancel,
  kind = 'whitelist',
  message,
}: {
  opened: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onCancel: () => void;
  kind?: OverrideKind;
  /** The server's words for the risk; the kind's own when left out. */
  message?: string | null;
}) {
  const texts = t.overrides[kind];
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
    <AppModal opened={opened} onClose={() => !busy && onCancel()} title={texts.title} size={520}>
      <Text c="red.8" size="sm" mb="sm">
        {message ?? texts.risk}
      </Text>
      <Textarea
        label={texts.reason}
        rows={3}
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
          {texts.confirm}
        </Button>
      </Group>
    </AppModal>
  );
}

import { Radio, Stack, Text } from '@mantine/core';
import { datesIssue, formatMoney, type Offer, type Query, wallClockOf } from '@spedycja/domain';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { WallClockInput } from '../../../components/dates.tsx';
import { IconArrowsExchange } from '../../../components/icons.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { shipmentMessages } from '../../../components/shipment/messages.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { type DebtorAsk, DebtorConfirmDialog, useDebtorCheck } from '../../debtors/index.ts';
import { useOffers } from '../../offers/index.ts';
import { settingsMap, useSettings } from '../../settings/api/getSettings.ts';
import { carrierUnverifiedMessage, WhitelistOverrideDialog } from '../../verification/index.ts';
import { useConvertQueryToOrder } from '../api/convertQueryToOrder.ts';
import { ordersMessages as t } from '../messages.ts';

export type ConvertQueryToOrderActionProps = {
  query: Pick<Query, 'uuid' | 'id' | 'loadingDate' | 'unloadingDate'> & { customer?: Query['customer'] };
  /** After the query became an order (the lists are refreshed already). */
  onConverted?: () => void;
};

/** The offers an order can take (active, with a carrier), the best first: EUR through the rate, as the server ranks. */
export function offerChoices(offers: readonly Offer[], euroRate: number): Offer[] {
  const pln = (o: Offer) => (o.currency === 'eur' ? (o.price * euroRate) / 100 : o.price);
  return offers.filter((o) => o.active && o.carrier).sort((a, b) => pln(a) - pln(b) || a.id - b.id);
}

/**
 * The queries table's 'Zamień w zlecenie': asks which offer the order takes (the best one unless another is picked)
 * and, for a quick query saved without one, the unloading date the order needs; then POST
 * /api/queries/{uuid}/changeType; 'Pomyślnie zamieniono zapytanie w zlecenie', and the lists are read again.
 */
export function ConvertQueryToOrderAction({ query, onConverted }: ConvertQueryToOrderActionProps) {
  const [asking, setAsking] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const needsDate = !query.unloadingDate;
  const [unloadingDate, setUnloadingDate] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const convert = useConvertQueryToOrder();
  const { isAdmin: admin } = useAuth();
  type Request = { uuid: string; offer: string | null; unloadingDate?: string | null; debtorOverride?: string };
  const [override, setOverride] = useState<{ message: string; request: Request } | null>(null);
  /** The query's customer is a debtor (issue 26): confirmed first, with an admin's reason when blocking is on. */
  const checkDebtor = useDebtorCheck();
  const [debtor, setDebtor] = useState<{ ask: DebtorAsk; request: Request } | null>(null);
  const offers = useOffers({ 'query.uuid': query.uuid, itemsPerPage: 100 }, asking);
  const settings = useSettings();
  const euroRate = Number(settingsMap(settings.data).euroExchangeRate) || 100;
  const choices = useMemo(() => offerChoices(offers.data?.['hydra:member'] ?? [], euroRate), [offers.data, euroRate]);
  const chosen = picked ?? choices[0]?.['@id'] ?? null;

  const close = () => {
    setAsking(false);
    setPicked(null);
    setUnloadingDate(null);
    setDateError(null);
  };

  const handleConfirm = async () => {
    if (needsDate) {
      // The dialog stays open with the field's error: the order cannot be saved without the date.
      const issue = datesIssue({ loadingDate: wallClockOf(query.loadingDate), unloadingDate });
      const error = !unloadingDate ? t.toOrderUnloadingDateRequired : (issue?.message ?? null);
      setDateError(error);
      if (error) return;
    }
    const request: Request = { uuid: query.uuid, offer: chosen, ...(needsDate ? { unloadingDate } : {}) };
    try {
      const ask = await checkDebtor(query.customer?.uuid);
      if (ask) {
        setDebtor({ ask, request });
        return;
      }
      await run(request);
    } finally {
      close();
    }
  };
  const run = async (request: Request) => {
    try {
      await convert.mutateAsync(request);
      onConverted?.();
    } catch (error) {
      // The offer's carrier is not verified: an admin gives a reason and converts again (a dispatcher sees the 422).
      const message = admin ? carrierUnverifiedMessage(error) : null;
      if (!message) throw error;
      setOverride({ message, request });
    }
  };
  const confirmDebtor = async (reason: string | undefined) => {
    if (!debtor) return;
    const request = { ...debtor.request, ...(reason ? { debtorOverride: reason } : {}) };
    setDebtor(null);
    await run(request);
  };
  const confirmOverride = async (reason: string) => {
    if (!override) return;
    await convert.mutateAsync({ ...override.request, carrierVerificationOverride: { reason } });
    setOverride(null);
    onConverted?.();
  };

  return (
    <>
      <RowAction label={t.toOrderAction} onClick={() => setAsking(true)}>
        <IconArrowsExchange />
      </RowAction>
      <ConfirmDialog
        opened={asking}
        title={t.toOrderTitle}
        text={
          <Stack gap="sm">
            <Text>{t.toOrderQuestion(query.id)}</Text>
            {needsDate && (
              <>
                <Text size="sm">{t.toOrderNoUnloadingDate}</Text>
                <WallClockInput
                  label={shipmentMessages.fields.unloadingDate}
                  timeLabel={shipmentMessages.fields.unloadingTime}
                  withAsterisk
                  value={unloadingDate}
                  onChange={(value) => {
                    setUnloadingDate(value);
                    setDateError(null);
                  }}
                  error={dateError}
                />
              </>
            )}
            {choices.length > 0 ? (
              <Radio.Group label={t.toOrderOffer} value={chosen} onChange={setPicked}>
                <Stack gap={6} mt={6}>
                  {choices.map((o, index) => (
                    <Radio
                      key={o.uuid}
                      value={o['@id']}
                      label={`${o.carrier?.companyName ?? o.carrier?.name ?? ''} — ${formatMoney(o.price, o.currency)}${index === 0 ? ` (${t.toOrderBest})` : ''}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              offers.isSuccess && (
                <Text size="sm" c="dimmed">
                  {t.toOrderNoOffer}
                </Text>
              )
            )}
          </Stack>
        }
        onConfirm={handleConfirm}
        onCancel={close}
      />
      <DebtorConfirmDialog ask={debtor?.ask ?? null} onConfirm={confirmDebtor} onCancel={() => setDebtor(null)} />
      <WhitelistOverrideDialog
        kind="carrier"
        opened={override !== null}
        message={override?.message}
        onConfirm={confirmOverride}
        onCancel={() => setOverride(null)}
      />
    </>
  );
}

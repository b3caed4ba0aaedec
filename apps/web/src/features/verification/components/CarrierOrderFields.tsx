import { Badge, Group } from '@mantine/core';
import { formatNrb, ocpWarnings, VERIFICATION_STATUSES } from '@spedycja/domain';
import dayjs from 'dayjs';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { useCarrier } from '../../carriers/api/getCarrier.ts';
import { verificationTexts as t } from '../messages.ts';
import { VerificationBadge } from './VerificationBadge.tsx';
import { WarningBadges } from './WarningBadges.tsx';

type OrderBits = {
  unloadingDate: string | null;
  cargoValue: number | null;
  cargoValueCurrency: string;
  euroExchangeRate: number | null;
};

/**
 * On the order: the carrier's account the payment goes to (one of the carrier's accounts), the red marks of its
 * OCP ('OCP wygasło', 'OCP wygasa {date}', 'Suma OCP niższa niż wartość towaru') recomputed as the order is typed, and
 * whether the carrier is verified ('Zweryfikowany {date}', or why not).
 */
export function CarrierOrderFields({
  carrierUuid,
  order,
  account,
  onAccountChange,
  accountError,
}: {
  carrierUuid: string | null;
  order: OrderBits;
  account: string | null;
  onAccountChange: (value: string | null) => void;
  accountError?: unknown;
}) {
  const { data: carrier } = useCarrier(carrierUuid);
  const accounts = carrier?.bankAccounts ?? [];
  const options = accounts.map((a) => ({ value: a, label: formatNrb(a) }));
  if (account && !accounts.includes(account)) options.push({ value: account, label: formatNrb(account) });
  const warnings = carrier ? ocpWarnings(carrier, order, dayjs().format('YYYY-MM-DD')) : [];
  const unverified = carrier && carrier.verificationStatus !== VERIFICATION_STATUSES[0];
  const verified = carrier?.verificationStatus === VERIFICATION_STATUSES[0];
  // Said only when true: no carrier picked yet, or the carrier (once read) has no accounts; a typed text that matches
  // none of its accounts gets the picker's own 'nothing found'.
  const hint = !carrierUuid ? t.pickCarrierFirst : carrier && accounts.length === 0 ? t.noAccounts : undefined;
  return (
    <>
      <SearchableSelect
        label={t.orderAccount}
        placeholder={hint}
        data={options}
        clearable
        value={account}
        onChange={onAccountChange}
        error={accountError as string | undefined}
        {...(hint ? { nothingFoundMessage: hint } : {})}
      />
      {(warnings.length > 0 || unverified || verified) && (
        <Group gap={6}>
          <WarningBadges warnings={warnings} label={t.orderWarnings}>
            {unverified && (
              <Badge color="orange" variant="light">
                {carrier.verificationStatus === 'wygasla' ? t.verificationExpired : t.unverifiedCarrier}
              </Badge>
            )}
          </WarningBadges>
          {/* A verified carrier says so, with the day of its check ('Zweryfikowany 28/11/2026'). */}
          {verified && (
            <Group gap={6} role="status" aria-label={t.statusLabel}>
              <VerificationBadge status={carrier.verificationStatus} verifiedAt={carrier.verifiedAt} />
            </Group>
          )}
        </Group>
      )}
    </>
  );
}

import { Badge, Button, Group, Stack, TagsInput, Text, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  actionErrorMessage,
  formatDate,
  formatNrb,
  normaliseNrb,
  type RegistryCompany,
  type VerificationSource,
  type VerificationStatus,
} from '@spedycja/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField, useFormSelect } from '../../../components/FormFields.tsx';
import type { PartyFormValues } from '../../../components/parties/partyForm.ts';
import { api, isApiError } from '../../../lib/apiClient.ts';
import { errorDetail, notifyFailure } from '../../../lib/notify.ts';
import {
  getRegistryCompany,
  type PartyResource,
  type VerifyAnswer,
  verificationKeys,
  verifyParty,
} from '../api/registers.ts';
import { verificationTexts as t } from '../messages.ts';
import { VerificationBadge } from './VerificationBadge.tsx';
import { VerificationHistory } from './VerificationHistory.tsx';

/** What the badge needs of the record. */
type PartyVerification = { verificationStatus: VerificationStatus; verifiedAt: string | null };

type Props<V extends PartyFormValues> = {
  resource: PartyResource;
  uuid: string | null;
  form: UseFormReturnType<V>;
  /** The saved record as the modal loaded it: its verification badge. */
  record?: PartyVerification;
};

// The register's own explanation when it gave one; else the notice of SPEC §8 ('Wystąpił błąd podczas …!').
const errorText = (error: unknown) =>
  isApiError(error) && error.detail ? error.detail : actionErrorMessage(t.errorAction, errorDetail(error));

/** A GUS check's stored answer (`details`) as the look-up shows it; null when GUS knew no such NIP. */
const gusCompanyOf = (details: unknown): RegistryCompany | null =>
  details && typeof details === 'object' && 'name' in details ? (details as RegistryCompany) : null;

/** A Polish NIP (or none): GUS and the white list; another EU VAT number: VIES. */
const isEuVat = (nip: string, country: string | null) => {
  const compact = nip.replace(/[\s.-]/g, '').toUpperCase();
  return (/^[A-Z]{2}/.test(compact) && !compact.startsWith('PL')) || (!!country && country !== 'PL');
};

/**
 * The registers on the customer and carrier modals: 'Pobierz z GUS' fills the company from its NIP (and the save
 * records GUS's answer as the record's check), 'Sprawdź w GUS', 'Sprawdź w VIES' and 'Sprawdź na białej liście'
 * check a saved record (the white list offers its accounts), the record's verification badge, the accounts
 * themselves, and the record's 'Weryfikacje'.
 */
export function RegistryPanel<V extends PartyFormValues>({ resource, uuid, form, record }: Props<V>) {
  const f = form as unknown as UseFormReturnType<PartyFormValues>;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [company, setCompany] = useState<RegistryCompany | null>(null);
  const [answer, setAnswer] = useState<VerifyAnswer | null>(null);
  /** The record as read after a check (its badge moves with the checks). */
  const [checked, setChecked] = useState<PartyVerification | null>(null);
  const verification = checked ?? record;
  // Which registers apply follows the NIP and the country, read when they change (the form is uncontrolled).
  const foreignNip = useFormSelect(f, 'nip', (nip) => isEuVat(nip, null));
  const foreignCountry = useFormSelect(f, 'country', (country) => isEuVat('', country));
  const euVat = foreignNip || foreignCountry;

  const fetchGus = async () => {
    const values = f.getValues();
    if (!values.nip.trim()) {
      f.setFieldError('nip', t.nipFirst);
      return;
    }
    setBusy('gusLookup');
    try {
      const found = await getRegistryCompany(values.nip);
      setCompany(found);
      f.setValues({
        companyName: found.name,
        streetAddress: found.street ?? '',
        postalCode: found.postalCode ?? '',
        city: found.city ?? '',
        country: 'PL',
        registryLookup: found.lookup,
      } as Partial<PartyFormValues>);
    } catch (error) {
      notifyFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const check = async (source: VerificationSource) => {
    if (!uuid) return;
    setBusy(source);
    try {
      const result = await verifyParty(resource, uuid, source);
      setAnswer(result);
      if (result.source === 'gus') setCompany(gusCompanyOf(result.details));
      if (result.warning) notifyFailure(result.warning);
      await queryClient.invalidateQueries({ queryKey: verificationKeys.history(resource, uuid) });
      // The check wrote to the record (its verification date, VAT status): read it again, so that saving the form
      // open around this panel is not taken for a save over someone else's newer change (412), and the badge says
      // what the record now is.
      setChecked(await api.get<PartyVerification>(`/${resource}/${uuid}`));
    } catch (error) {
      notifyFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const offered =
    answer?.source === 'whitelist' ? ((answer.details as { accountNumbers?: string[] })?.accountNumbers ?? []) : [];
  const saveFirst = (label: string, source: VerificationSource) =>
    uuid ? (
      <Button variant="light" size="xs" loading={busy === source} onClick={() => check(source)}>
        {label}
      </Button>
    ) : (
      <Tooltip label={t.saveFirst}>
        <Button variant="light" size="xs" data-disabled onClick={(e) => e.preventDefault()}>
          {label}
        </Button>
      </Tooltip>
    );

  return (
    <Stack gap="xs" mt="sm">
      <Group gap="xs">
        <Button variant="light" size="xs" loading={busy === 'gusLookup'} onClick={fetchGus}>
          {t.gus}
        </Button>
        {euVat ? (
          saveFirst(t.vies, 'vies')
        ) : (
          <>
            {saveFirst(t.gusCheck, 'gus')}
            {saveFirst(t.whitelist, 'whitelist')}
          </>
        )}
        {uuid && verification && (
          <Group gap={6} ml="auto" role="status" aria-label={t.statusLabel}>
            <VerificationBadge status={verification.verificationStatus} verifiedAt={verification.verifiedAt} />
          </Group>
        )}
      </Group>
      {company && (
        <Text size="sm" role="status" aria-label={t.gusAnswer}>
          {company.name} · {t.regon(company.regon ?? '—')} · {t.activity}:{' '}
          <Badge
            color={company.status === 'aktywna' ? 'green' : company.status === 'nieznany' ? 'gray' : 'red'}
            variant="light"
          >
            {t.activityStatus(company.status, company.endedOn ? formatDate(company.endedOn) : null)}
          </Badge>
        </Text>
      )}
      {answer?.source === 'gus' && !company && (
        <Text size="sm" role="status" c="red.8">
          {t.gusNotFound}
        </Text>
      )}
      {answer?.source === 'vies' && (
        <Text
          size="sm"
          role="status"
          c={answer.outcome === 'ok' ? 'green.8' : answer.outcome === 'failed' ? 'red.8' : 'orange.8'}
        >
          {answer.outcome === 'ok' ? t.viesValid : answer.outcome === 'failed' ? t.viesInvalid : t.viesUnavailable}
          {answer.outcome === 'ok' && ` — ${(answer.details as { name?: string })?.name ?? ''}`}
          {answer.proofId && ` · ${t.consultation(answer.proofId)}`}
        </Text>
      )}
      {answer?.source === 'whitelist' && <WhitelistAnswer form={f} answer={answer} offered={offered} />}
      <FormField form={f} path="bankAccounts">
        {(input) => (
          <TagsInput
            label={t.bankAccounts}
            description={t.bankAccountsHint}
            splitChars={[',', ';']}
            {...input}
            onChange={(list) =>
              f.setFieldValue(
                'bankAccounts',
                list.map((a) => {
                  const n = normaliseNrb(a);
                  return n ? formatNrb(n) : a;
                }),
                { forceUpdate: false },
              )
            }
          />
        )}
      </FormField>
      {uuid && <VerificationHistory resource={resource} uuid={uuid} />}
    </Stack>
  );
}

/** The white list's answer: the VAT status, and its accounts, each to add to the record's unless it has it. */
function WhitelistAnswer({
  form: f,
  answer,
  offered,
}: {
  form: UseFormReturnType<PartyFormValues>;
  answer: VerifyAnswer;
  offered: string[];
}) {
  const accounts = f.useWatchValue('bankAccounts') ?? [];
  const has = (account: string) => accounts.some((a) => normaliseNrb(a) === account);
  return (
    <Stack gap={4} role="status">
      <Text size="sm">
        {t.vatStatus}: <strong>{(answer.details as { statusVat?: string })?.statusVat}</strong> (
        {t.checkedOn(formatDate(answer.checkedAt))})
      </Text>
      {offered.length > 0 && (
        <Group gap="xs">
          <Text size="sm">{t.accountsOnList}:</Text>
          {offered.map((account) =>
            has(account) ? (
              <Badge key={account} variant="light" color="green">
                {formatNrb(account)} · {t.added}
              </Badge>
            ) : (
              <Button
                key={account}
                size="compact-xs"
                variant="default"
                aria-label={t.addAccount(formatNrb(account))}
                onClick={() =>
                  f.setFieldValue('bankAccounts', [...accounts, formatNrb(account)], { forceUpdate: false })
                }
              >
                + {formatNrb(account)}
              </Button>
            ),
          )}
        </Group>
      )}
    </Stack>
  );
}

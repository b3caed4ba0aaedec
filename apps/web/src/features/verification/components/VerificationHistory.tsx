import { Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatNrb } from '@spedycja/domain';
import { type PartyResource, useVerifications } from '../api/registers.ts';
import { verificationTexts as t } from '../messages.ts';

/** 'Weryfikacje': every check of the record in GUS, VIES and the white list, newest first, with its proof. */
export function VerificationHistory({ resource, uuid }: { resource: PartyResource; uuid: string }) {
  const { data } = useVerifications(resource, uuid);
  const rows = data?.['hydra:member'] ?? [];
  return (
    <section aria-label={t.history}>
      <Title order={5} mt="sm">
        {t.history}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.historyEmpty}
        </Text>
      ) : (
        <Table striped withTableBorder aria-label={t.historyLabel} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.columns.when}</Table.Th>
              <Table.Th>{t.columns.source}</Table.Th>
              <Table.Th>{t.columns.outcome}</Table.Th>
              <Table.Th>{t.columns.proof}</Table.Th>
              <Table.Th>{t.columns.who}</Table.Th>
              <Table.Th>{t.columns.order}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((v) => (
              <Table.Tr key={v.uuid}>
                <Table.Td>{formatDateTime(v.checkedAt)}</Table.Td>
                <Table.Td>{t.sources[v.source] ?? v.source}</Table.Td>
                <Table.Td>
                  {t.outcomes[v.outcome] ?? v.outcome}
                  {/* A payment's check: the account it was about (a refusal says which account was refused). */}
                  {v.account && <Text size="xs">{t.account(formatNrb(v.account))}</Text>}
                  {v.overrideReason && (
                    <Text size="xs" c="orange.8">
                      {t.override(v.overrideReason)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{v.proofId ?? '—'}</Table.Td>
                <Table.Td>{v.checkedBy ?? '—'}</Table.Td>
                <Table.Td>{v.orderNumber ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}

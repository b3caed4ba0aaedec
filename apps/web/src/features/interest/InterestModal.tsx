import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import {
  fieldErrors,
  formatDate,
  formatMoney,
  type Invoice,
  interestNoteCreateSchema,
  pluralPl,
} from '@spedycja/domain';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { AppModal } from '../../components/AppModal.tsx';
import { DateInput } from '../../components/dates.tsx';
import { IconDownload, IconSend } from '../../components/icons.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { ApiError, isApiError } from '../../lib/apiClient.ts';
import { violationsToErrors } from '../../lib/forms.ts';
import {
  downloadInterestNote,
  useCreateInterestNote,
  useInterestNotes,
  useInterestPreview,
  useSendInterestNote,
} from './api.ts';
import { CompensationRateFields, NO_TYPED_RATE, noteBody, type TypedRate } from './CompensationRateFields.tsx';
import { interestUiMessages as t } from './messages.ts';

const percent = (rate: number) => `${(rate / 100).toFixed(2).replace('.', ',')} %`;
const days = (n: number) => `${n} ${pluralPl(n, 'dzień', 'dni', 'dni')}`;

/** An overdue or late-paid VAT invoice: interest can be counted on it. */
export function hasInterest(invoice: Invoice, today = dayjs().format('YYYY-MM-DD')): boolean {
  if (invoice.type === 'proforma' || !invoice.paymentDate) return false;
  if (invoice.paid) return !!invoice.paidDate && invoice.paidDate > invoice.paymentDate;
  return invoice.paymentDate < today;
}

/** 'Odsetki': the interest per rate period and the compensation to a chosen day; 'Nota odsetkowa' creates and downloads. */
export function InterestModal({ invoice, onClose }: { invoice: Invoice | null; onClose: () => void }) {
  const [date, setDate] = useState<string | null>(null);
  const [typed, setTyped] = useState<TypedRate>(NO_TYPED_RATE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The last note's warning (made without the compensation): stays on screen until another invoice is opened.
  const [warning, setWarning] = useState<string | null>(null);
  const uuid = invoice?.uuid ?? null;
  useEffect(() => {
    if (!uuid) return;
    setDate(dayjs().format('YYYY-MM-DD'));
    setTyped(NO_TYPED_RATE);
    setErrors({});
    setWarning(null);
  }, [uuid]);
  const preview = useInterestPreview(uuid, date);
  const notes = useInterestNotes(uuid);
  const create = useCreateInterestNote(uuid ?? '');
  const send = useSendInterestNote();
  if (!invoice) return null;
  const data = preview.data;
  const error =
    preview.error instanceof ApiError ? preview.error.message : preview.error ? String(preview.error) : null;
  const noteRows = notes.data?.['hydra:member'] ?? [];

  const handleCreate = (day: string) => {
    const body = noteBody(day, data?.compensation ? null : typed);
    const invalid = fieldErrors(interestNoteCreateSchema, body);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setWarning(null);
    create.mutate(body, {
      onSuccess: (note) => setWarning(note.warning),
      onError: (failure) => {
        if (isApiError(failure)) setErrors(violationsToErrors(failure.violations));
      },
    });
  };

  return (
    <AppModal opened onClose={onClose} title={t.title(invoice.number)} size={760}>
      <Stack gap="sm">
        <DateInput label={t.until} value={date} onChange={(value) => setDate(value ? String(value) : null)} maw={220} />
        {preview.isLoading && <Loader size="sm" aria-label={t.loading} />}
        {error && <Alert color="red">{error}</Alert>}
        {data && (
          <>
            <Group gap="xl">
              <Text size="sm">
                {t.due}: <b>{formatDate(data.dueDate)}</b>
              </Text>
              {data.paidDate && (
                <Text size="sm">
                  {t.paidOn}: <b>{formatDate(data.paidDate)}</b>
                </Text>
              )}
              <Text size="sm">
                {t.daysLate}: <b>{days(data.daysLate)}</b>
              </Text>
            </Group>
            <Table aria-label={t.periodsLabel} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.columns.period}</Table.Th>
                  <Table.Th>{t.columns.days}</Table.Th>
                  <Table.Th>{t.columns.base}</Table.Th>
                  <Table.Th>{t.columns.rate}</Table.Th>
                  <Table.Th>{t.columns.interest}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.periods.map((p) => (
                  <Table.Tr key={p.from}>
                    <Table.Td>
                      {formatDate(p.from)} – {formatDate(p.to)}
                    </Table.Td>
                    <Table.Td>{p.days}</Table.Td>
                    <Table.Td>{formatMoney(p.base, data.currency)}</Table.Td>
                    <Table.Td>{percent(p.rate)}</Table.Td>
                    <Table.Td>{formatMoney(p.interest, data.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm">
              {t.total}: <b>{formatMoney(data.interest, data.currency)}</b>
            </Text>
            <Text size="sm">
              {data.compensation ? (
                <>
                  {t.compensation}:{' '}
                  <b>
                    {data.compensation.eur} EUR = {formatMoney(data.compensation.amount, 'pln')}
                  </b>{' '}
                  (
                  {t.compensationRate(
                    (data.compensation.rate / 10_000).toFixed(4).replace('.', ','),
                    data.compensation.table,
                    formatDate(data.compensation.rateDate),
                  )}
                  )
                </>
              ) : (
                t.noCompensation
              )}
            </Text>
            {!data.compensation && <CompensationRateFields value={typed} onChange={setTyped} errors={errors} />}
          </>
        )}
        {warning && <Alert color="yellow">{warning}</Alert>}
        {noteRows.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t.notes}
            </Text>
            {noteRows.map((note) => (
              <Group key={note.uuid} gap="xs">
                <Text size="sm">
                  {note.number} ({formatDate(note.createdDate)}): {formatMoney(note.interest, note.currency)}
                  {note.compensationAmount != null ? ` + ${formatMoney(note.compensationAmount, 'pln')}` : ''}
                </Text>
                <RowAction label={t.download(note.number)} onClick={() => void downloadInterestNote(note)}>
                  <IconDownload />
                </RowAction>
                <RowAction label={t.send(note.number)} onClick={() => send.mutate(note)}>
                  <IconSend />
                </RowAction>
              </Group>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.close}
          </Button>
          {data && date && (
            <Button onClick={() => handleCreate(date)} loading={create.isPending}>
              {t.createNote}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}

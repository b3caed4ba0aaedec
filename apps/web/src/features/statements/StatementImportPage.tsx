import {
  Autocomplete,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { CSV_REQUIRED_COLUMNS, formatDate, formatMoney, type StatementLine } from '@spedycja/domain';
import { useState } from 'react';
import { HistoryList } from '../../components/HistoryList.tsx';
import {
  type ImportedStatement,
  useBookStatement,
  useCsvMappings,
  useImportStatement,
  useOpenPayableSearch,
} from './api.ts';
import { CsvMappingForm } from './CsvMappingForm.tsx';
import { draftOf, EMPTY_MAPPING, type FileShape, type MappingDraft, mappingOf, readFileShape } from './csvColumns.ts';
import { statementsUiMessages as t } from './messages.ts';
import { OpenInvoicePicker } from './OpenInvoicePicker.tsx';

/**
 * `invoice`: a credit's invoice; `carrierInvoice`: a debit's carrier invoice (issue 38), else the debit goes to its
 * matched order; `reason`: the admin's reason to book a debit the white list refused (its whitelistOverride).
 */
type Choice = { checked: boolean; invoice: string | null; carrierInvoice?: string | null; reason?: string };

/** The matches found at import: 'pewne' ones chosen, 'do sprawdzenia' to confirm, the rest with an invoice picker. */
function initialChoices(lines: StatementLine[]): Record<string, Choice> {
  return Object.fromEntries(
    lines.map((l) => [
      l.uuid,
      {
        checked: !l.bookedAt && l.match?.confidence === 'pewne',
        invoice: l.match?.invoice?.uuid ?? null,
        carrierInvoice: l.match?.carrierInvoice?.uuid ?? null,
      },
    ]),
  );
}

/** 'Importuj wyciąg' (admins): a bank statement read in, its lines with their matches, the chosen ones booked. */
export function StatementImportPage() {
  const [file, setFile] = useState<File | null>(null);
  const [shape, setShape] = useState<FileShape | null>(null);
  const [bank, setBank] = useState('');
  const [mapping, setMapping] = useState<MappingDraft>(EMPTY_MAPPING);
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [statement, setStatement] = useState<ImportedStatement | null>(null);
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  /** The white list's word on the debits of the last booking, by line IRI: refused (red) or a warning. */
  const [notes, setNotes] = useState<Record<string, { message: string; refused: boolean }>>({});
  const importer = useImportStatement();
  const saved = useCsvMappings().data?.['hydra:member'] ?? [];

  const chooseFile = (next: File | null) => {
    setFile(next);
    setShape(null);
    // The form offers the CSV's own columns; an MT940 needs no mapping.
    if (next) void readFileShape(next).then(setShape, () => setShape(null));
  };
  const chooseBank = (next: string) => {
    setBank(next);
    const known = saved.find((m) => m.bank.toLowerCase() === next.trim().toLowerCase());
    if (known) {
      setMapping(draftOf(known.mapping));
      setInfo(t.mappingSaved(known.bank));
    }
  };
  const booker = useBookStatement(statement?.uuid ?? null);

  const show = (s: ImportedStatement) => {
    setStatement(s);
    setChoices(initialChoices(s.lines ?? []));
  };

  const upload = async () => {
    setError(null);
    setInfo(null);
    if (!file) return setError(t.chooseFile);
    const form = new FormData();
    form.append('file', file);
    if (shape?.format === 'csv') {
      // A bank's saved mapping is in the form already (chooseBank): the form is what is sent, and saved again.
      if (CSV_REQUIRED_COLUMNS.some((column) => !mapping[column])) return setError(t.mappingMissing);
      form.append('mapping', JSON.stringify(mappingOf(mapping, bank.trim())));
    } else if (bank.trim()) {
      form.append('mapping', JSON.stringify({ bank: bank.trim() }));
    }
    try {
      const s = await importer.mutateAsync(form);
      show(s);
      setInfo(t.imported(s.lines?.length ?? 0, s.duplicateCount ?? 0));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const book = async () => {
    setError(null);
    const lines = (statement?.lines ?? [])
      .filter((l) => !l.bookedAt && choices[l.uuid]?.checked)
      .map((l) =>
        l.amount > 0
          ? { line: l['@id'], invoice: choices[l.uuid]?.invoice ?? undefined }
          : {
              line: l['@id'],
              ...(choices[l.uuid]?.carrierInvoice
                ? { carrierInvoice: `/api/carrier_invoices/${choices[l.uuid]?.carrierInvoice}` }
                : { order: l.match?.order?.['@id'] }),
              ...(choices[l.uuid]?.reason?.trim()
                ? { whitelistOverride: { reason: choices[l.uuid]?.reason?.trim() ?? '' } }
                : {}),
            },
      )
      .filter((l) => ('invoice' in l ? !!l.invoice : 'carrierInvoice' in l || !!l.order));
    if (lines.length === 0) return setError(t.nothingChosen);
    try {
      const s = await booker.mutateAsync({ lines });
      show(s);
      setNotes(
        Object.fromEntries([
          ...(s.warnings ?? []).map((n) => [n.line, { message: n.message, refused: false }]),
          ...(s.refused ?? []).map((n) => [n.line, { message: n.message, refused: true }]),
        ]),
      );
      setInfo(s.message ?? t.bookedDone(lines.length));
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const set = (uuid: string, patch: Partial<Choice>) =>
    setChoices((c) => ({ ...c, [uuid]: { checked: false, invoice: null, ...c[uuid], ...patch } }));

  return (
    <Stack>
      <Title order={2}>{t.title}</Title>
      <Group align="end">
        <FileInput label={t.file} value={file} onChange={chooseFile} accept=".sta,.mt940,.txt,.csv" w={320} clearable />
        <Autocomplete
          label={t.bank}
          description={t.bankHint}
          value={bank}
          onChange={chooseBank}
          data={saved.map((m) => m.bank)}
          w={260}
        />
        <Button onClick={upload} loading={importer.isPending}>
          {t.import}
        </Button>
      </Group>
      {shape?.format === 'csv' && <CsvMappingForm value={mapping} onChange={setMapping} firstRow={shape.firstRow} />}
      {error && (
        <Text c="red" role="alert">
          {error}
        </Text>
      )}
      {info && <Text role="status">{info}</Text>}
      {statement && (
        <>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>{t.date}</Table.Th>
                <Table.Th>{t.amount}</Table.Th>
                <Table.Th>{t.titleCol}</Table.Th>
                <Table.Th>{t.counterparty}</Table.Th>
                <Table.Th>{t.match}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(statement.lines ?? []).map((l) => {
                const choice = choices[l.uuid];
                const confidence = l.match?.confidence;
                return (
                  <Table.Tr key={l.uuid}>
                    <Table.Td>
                      {l.bookedAt ? (
                        <Badge color="gray">{t.booked}</Badge>
                      ) : (
                        <Checkbox
                          aria-label={t.chooseLine(l.title)}
                          checked={!!choice?.checked}
                          onChange={(e) => set(l.uuid, { checked: e.currentTarget.checked })}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>{formatDate(l.date)}</Table.Td>
                    <Table.Td c={l.amount < 0 ? 'red' : undefined}>{formatMoney(l.amount, l.currency)}</Table.Td>
                    <Table.Td>{l.title}</Table.Td>
                    <Table.Td>
                      {l.counterpartyName}
                      {l.counterpartyAccount && (
                        <Text size="xs" c="dimmed">
                          {l.counterpartyAccount}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Badge color={confidence === 'pewne' ? 'green' : confidence ? 'yellow' : 'gray'}>
                          {confidence === 'pewne' ? t.pewne : confidence ? t.doSprawdzenia : t.unmatched}
                        </Badge>
                        {l.match?.order && <Text size="sm">{l.match.order.number}</Text>}
                        {l.amount > 0 && !l.bookedAt && (
                          <OpenInvoicePicker
                            label={`${t.invoice}: ${l.title}`}
                            value={choice?.invoice ?? null}
                            initial={l.match?.invoice ? { ...l.match.invoice, currency: l.currency } : null}
                            onChange={(v) => set(l.uuid, { invoice: v, checked: !!v })}
                            placeholder={t.invoice}
                          />
                        )}
                        {l.amount > 0 && l.bookedAt && l.match?.invoice && (
                          <Text size="sm">{l.match.invoice.number}</Text>
                        )}
                        {l.amount < 0 && !l.bookedAt && (
                          <OpenInvoicePicker
                            label={`${t.carrierInvoice}: ${l.title}`}
                            value={choice?.carrierInvoice ?? null}
                            initial={
                              l.match?.carrierInvoice
                                ? { ...l.match.carrierInvoice, customerName: l.match.carrierInvoice.carrierName ?? '' }
                                : null
                            }
                            onChange={(v) => set(l.uuid, { carrierInvoice: v, checked: !!v || !!l.match?.order })}
                            placeholder={t.carrierInvoice}
                            useSearch={useOpenPayableSearch}
                            minLengthText={t.payablePickerMinLength}
                            nothingFoundText={t.payablePickerNothingFound}
                          />
                        )}
                        {l.amount < 0 && l.bookedAt && l.match?.carrierInvoice && (
                          <Text size="sm">{l.match.carrierInvoice.number}</Text>
                        )}
                      </Group>
                      {notes[l['@id']] && (
                        <Text size="sm" c={notes[l['@id']]?.refused ? 'red' : 'orange'}>
                          {notes[l['@id']]?.refused ? t.refused : t.warning}: {notes[l['@id']]?.message}
                        </Text>
                      )}
                      {notes[l['@id']]?.refused && !l.bookedAt && (
                        <TextInput
                          size="xs"
                          label={t.overrideReason}
                          description={t.overrideHint}
                          value={choice?.reason ?? ''}
                          onChange={(e) => set(l.uuid, { reason: e.currentTarget.value, checked: true })}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          <Group>
            <Button onClick={book} loading={booker.isPending}>
              {t.book}
            </Button>
          </Group>
          <Title order={4}>{t.history}</Title>
          <HistoryList path={`/bank_statements/${statement.uuid}`} />
        </>
      )}
    </Stack>
  );
}

import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  ScrollArea,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  DUPLICATE_POLICIES,
  type DuplicatePolicy,
  formatDateTime,
  IMPORT_FIELDS,
  type ImportCheckAnswer,
  type ImportKind,
  type ImportMapping,
  type ImportRecord,
  importLabels as t,
} from '@spedycja/domain';
import { type DragEvent, useRef, useState } from 'react';
import { api, isApiError } from '../../lib/apiClient.ts';
import { saveFile } from '../../lib/download.ts';
import { notifyError } from '../../lib/notify.ts';
import {
  type ImportWithPreview,
  useCheckImport,
  useImportState,
  useImports,
  useRunImport,
  useSaveMapping,
  useUpdateMapping,
  useUploadImport,
  useVerifyImport,
} from './api.ts';

const NOT_MAPPED = '';

/** Downloads the rows an import refused, with their 'Błąd' column. */
async function downloadRejected(record: Pick<ImportRecord, 'uuid' | 'fileName'>) {
  try {
    const { blob, fileName } = await api.file(`/imports/${record.uuid}/rejected`);
    saveFile(blob, fileName ?? 'odrzucone.csv');
  } catch (error) {
    notifyError('pobierania odrzuconych wierszy', error);
  }
}

function Counts({ counts, label }: { counts: ImportRecord['counts']; label: string }) {
  if (!counts) return null;
  return (
    <Group gap="xs" aria-label={label}>
      <Badge color="green" variant="light">{`${t.counts.new}: ${counts.new}`}</Badge>
      <Badge color="blue" variant="light">{`${t.counts.updated}: ${counts.updated}`}</Badge>
      <Badge color="gray" variant="light">{`${t.counts.duplicate}: ${counts.duplicate}`}</Badge>
      <Badge color="red" variant="light">{`${t.counts.error}: ${counts.error}`}</Badge>
    </Group>
  );
}

/** The file: dropped on the field or chosen with the browser's picker. */
function DropFile({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Paper
      withBorder
      p="xl"
      radius="md"
      style={{ borderStyle: 'dashed', cursor: 'pointer', background: over ? 'var(--mantine-color-blue-0)' : undefined }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      onClick={() => input.current?.click()}
    >
      <Text ta="center" c="dimmed">
        {busy ? 'Wczytywanie pliku…' : t.drop}
      </Text>
      <input
        ref={input}
        type="file"
        aria-label={t.drop}
        accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        style={{ display: 'none' }}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) onFile(file);
          event.currentTarget.value = '';
        }}
      />
    </Paper>
  );
}

/** The preview: each mapped field as it will be stored, a refused value in red with its reason. */
/** The import's actions (policy, 'Sprawdź', 'Importuj', the check's result) kept at the window's bottom edge. */
const ACTION_BAR = { position: 'sticky', bottom: 0, zIndex: 2 } as const;

function Preview({ current }: { current: ImportWithPreview }) {
  const fields = IMPORT_FIELDS[current.kind].filter(
    (f) => current.mapping[f.key] !== null && current.mapping[f.key] !== undefined,
  );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder aria-label={t.preview} fz="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.row}</Table.Th>
            {fields.map((f) => (
              <Table.Th key={f.key}>{f.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {current.preview.map((row) => {
            const byField = new Map(row.cells.map((c) => [c.field, c]));
            return (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                {fields.map((f) => {
                  const cell = byField.get(f.key);
                  if (cell?.error) {
                    return (
                      <Table.Td key={f.key} data-error="true" style={{ background: 'var(--mantine-color-red-0)' }}>
                        <Text fz="xs" c="red.8" td="line-through">
                          {cell.source}
                        </Text>
                        <Text fz="xs" c="red.8">
                          {cell.error}
                        </Text>
                      </Table.Td>
                    );
                  }
                  return <Table.Td key={f.key}>{cell?.display ?? ''}</Table.Td>;
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Zapisz mapowanie': its own state, so that typing the name redraws this field, not the page's preview. */
function SaveMapping({
  kind,
  headers,
  mapping,
  onError,
}: {
  kind: ImportKind;
  headers: string[];
  mapping: ImportMapping;
  onError: (error: unknown) => void;
}) {
  const [name, setName] = useState('');
  const saver = useSaveMapping(kind);
  return (
    <Group align="flex-end" gap="xs">
      <TextInput
        label={t.mappingName}
        placeholder="Eksport z fireTMS"
        size="xs"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!name.trim()}
        loading={saver.isPending}
        onClick={() => saver.mutate({ name: name.trim(), headers, mapping }, { onSuccess: () => setName(''), onError })}
      >
        {t.saveMapping}
      </Button>
    </Group>
  );
}

/**
 * 'Importuj' (admins): a file of customers or carriers dropped in, its columns mapped (proposed from the headers),
 * the first 50 rows previewed as they will be stored, 'Sprawdź' (a dry run), the duplicates' policy, and the import
 * on the server with its progress; the past imports with their refused rows to download.
 */
export function ImportPage({ kind }: { kind: ImportKind }) {
  const [current, setCurrent] = useState<ImportWithPreview | null>(null);
  const [check, setCheck] = useState<ImportCheckAnswer | null>(null);
  const [runUuid, setRunUuid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadImport(kind);
  const update = useUpdateMapping();
  const checker = useCheckImport();
  const runner = useRunImport(kind);
  const running = useImportState(runUuid);
  const history = useImports(kind);
  const verifier = useVerifyImport();

  const fail = (e: unknown) => setError(isApiError(e) ? e.message : String(e));
  const open = (file: File, sheet?: string) => {
    setError(null);
    setCheck(null);
    setRunUuid(null);
    upload.mutate({ file, sheet }, { onSuccess: (answer) => setCurrent(answer), onError: fail });
    lastFile.current = file;
  };
  const lastFile = useRef<File | null>(null);
  // The mapping as the user last set it: two columns changed one after the other, faster than the server answers
  // the first, both count (each change starts from the previous one, not from the last answer).
  const draft = useRef<{ uuid: string; mapping: ImportMapping } | null>(null);
  const change = (body: { mapping?: ImportMapping; duplicates?: DuplicatePolicy; createMissingParties?: boolean }) => {
    if (!current) return;
    setCheck(null);
    if (body.mapping) draft.current = { uuid: current.uuid, mapping: body.mapping };
    update.mutate({ uuid: current.uuid, ...body }, { onSuccess: setCurrent, onError: fail });
  };
  const mappingNow = (answer: ImportWithPreview) =>
    draft.current?.uuid === answer.uuid ? draft.current.mapping : answer.mapping;
  const columnOptions = [
    { value: NOT_MAPPED, label: t.notMapped },
    ...(current?.columns ?? []).map((c) => ({ value: String(c.index), label: c.header })),
  ];
  const state = running.data;
  const progress = state && state.rowCount > 0 ? Math.round((state.processed / state.rowCount) * 100) : 0;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.title[kind]}
      </Title>
      {error && (
        <Alert color="red" role="alert" title="Nie udało się wczytać pliku">
          {error}
        </Alert>
      )}
      {!runUuid && <DropFile onFile={(file) => open(file)} busy={upload.isPending} />}
      {current && !runUuid && (
        <>
          <Group gap="sm">
            <Text fw={600}>{current.fileName}</Text>
            <Text c="dimmed">{`Wierszy: ${current.rowCount}`}</Text>
            {current.mappingName && <Badge variant="light">{t.savedMapping(current.mappingName)}</Badge>}
          </Group>
          {current.sheets.length > 1 && (
            <Select
              label={t.sheet}
              data={current.sheets}
              value={current.sheet}
              allowDeselect={false}
              w={260}
              onChange={(sheet) => sheet && lastFile.current && open(lastFile.current, sheet)}
            />
          )}
          <Title order={2} size="h4">
            {t.mapping}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
            {IMPORT_FIELDS[kind].map((field) => (
              <Select
                key={field.key}
                label={field.label}
                data={columnOptions}
                value={
                  current.mapping[field.key] === null || current.mapping[field.key] === undefined
                    ? NOT_MAPPED
                    : String(current.mapping[field.key])
                }
                allowDeselect={false}
                size="xs"
                onChange={(value) =>
                  change({
                    mapping: Object.assign({}, mappingNow(current), { [field.key]: value ? Number(value) : null }),
                  })
                }
              />
            ))}
          </SimpleGrid>
          <SaveMapping
            kind={kind}
            headers={current.columns.map((c) => c.header)}
            mapping={current.mapping}
            onError={fail}
          />
          <Title order={2} size="h4">
            {t.preview}
          </Title>
          <Preview current={current} />
          {/* The actions stay in sight under a long preview (a 1366×768 laptop showed them only after scrolling
              past its 50 rows): the bar sticks to the bottom of the window and rests at its place after the table. */}
          <Paper withBorder shadow="sm" p="sm" style={ACTION_BAR} aria-label={t.actions}>
            <Stack gap="xs">
              <Group align="flex-end">
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t.duplicates}
                  </Text>
                  <SegmentedControl
                    aria-label={t.duplicates}
                    value={current.duplicates}
                    data={DUPLICATE_POLICIES.map((p) => ({ value: p, label: t.policies[p] }))}
                    onChange={(value) => change({ duplicates: value as DuplicatePolicy })}
                  />
                </Stack>
                {kind === 'orders' && (
                  <Checkbox
                    label={t.createMissingParties}
                    checked={current.createMissingParties}
                    onChange={(event) => change({ createMissingParties: event.currentTarget.checked })}
                  />
                )}
                <Button
                  variant="default"
                  loading={checker.isPending}
                  onClick={() => checker.mutate(current.uuid, { onSuccess: setCheck, onError: fail })}
                >
                  {t.check}
                </Button>
                <Button
                  loading={runner.isPending}
                  onClick={() =>
                    runner.mutate(current.uuid, {
                      onSuccess: (record) => setRunUuid(record.uuid),
                      onError: fail,
                    })
                  }
                >
                  {t.run}
                </Button>
              </Group>
              {check && (
                <Stack gap="xs">
                  <Counts counts={check.counts} label="Wynik sprawdzenia" />
                  <ScrollArea.Autosize mah={72} type="auto">
                    {check.errors.slice(0, 10).map((e) => (
                      <Text key={e.row} size="sm" c="red.8">{`${t.row} ${e.row}: ${e.message}`}</Text>
                    ))}
                  </ScrollArea.Autosize>
                </Stack>
              )}
            </Stack>
          </Paper>
        </>
      )}
      {runUuid && state && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text fw={600}>{state.state === 'done' ? t.done : t.progress}</Text>
            <Progress
              value={state.state === 'done' ? 100 : progress}
              aria-label={t.progress}
              animated={state.state === 'running'}
            />
            <Counts counts={state.counts} label="Wynik importu" />
            {state.verifyCounts && (
              <Stack gap={4} aria-label={t.verifyTitle}>
                <Text size="sm" fw={600}>
                  {t.verifyTitle}
                </Text>
                <Group gap="xs">
                  {(Object.keys(t.verifyCounts) as (keyof typeof t.verifyCounts)[]).map((key) => (
                    <Badge key={key} variant="light" color={key === 'failed' ? 'red' : key === 'ok' ? 'green' : 'gray'}>
                      {`${t.verifyCounts[key]}: ${state.verifyCounts?.[key] ?? 0}`}
                    </Badge>
                  ))}
                </Group>
                {state.verifyNote && (
                  <Text size="sm" c="orange.8">
                    {state.verifyNote}
                  </Text>
                )}
              </Stack>
            )}
            <Group>
              {state.state === 'done' && (state.counts?.error ?? 0) > 0 && (
                <Button size="xs" variant="default" onClick={() => void downloadRejected(state)}>
                  {t.rejected}
                </Button>
              )}
              {state.state === 'done' &&
                !state.verifyState &&
                (kind === 'orders'
                  ? (state.createdParties ?? 0) > 0
                  : (state.counts?.new ?? 0) + (state.counts?.updated ?? 0) > 0) && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={verifier.isPending}
                    onClick={() => verifier.mutate(state.uuid, { onError: fail })}
                  >
                    {t.verify}
                  </Button>
                )}
              <Button
                size="xs"
                variant="subtle"
                onClick={() => {
                  setRunUuid(null);
                  setCurrent(null);
                  setCheck(null);
                }}
              >
                Importuj kolejny plik
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <Title order={2} size="h4">
        {t.history}
      </Title>
      <Table withTableBorder fz="sm" aria-label={t.history}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Data</Table.Th>
            <Table.Th>Plik</Table.Th>
            <Table.Th>Kto</Table.Th>
            <Table.Th>Stan</Table.Th>
            <Table.Th>Wynik</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(history.data?.['hydra:member'] ?? []).map((record) => (
            <Table.Tr key={record.uuid}>
              <Table.Td>{formatDateTime(record.createdDate)}</Table.Td>
              <Table.Td>{record.fileName}</Table.Td>
              <Table.Td>{record.createdBy ?? ''}</Table.Td>
              <Table.Td>{t.states[record.state]}</Table.Td>
              <Table.Td>
                <Counts counts={record.counts ?? record.checkCounts} label={record.fileName} />
              </Table.Td>
              <Table.Td>
                {((record.counts ?? record.checkCounts)?.error ?? 0) > 0 && (
                  <Button size="compact-xs" variant="subtle" onClick={() => void downloadRejected(record)}>
                    {t.rejected}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

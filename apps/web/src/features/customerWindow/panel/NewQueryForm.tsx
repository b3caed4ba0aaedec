import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import {
  decimalToHundredths,
  LOADING_TYPES,
  loadingTypeLabels,
  panelTexts,
  type TrackLanguage,
} from '@spedycja/domain';
import { type FormEvent, useRef, useState } from 'react';
import { isApiError, newIdempotencyKey } from '../../../lib/apiClient.ts';
import { panelApi } from './panelApi.ts';

const FIELDS = [
  'loadingPostalCode',
  'loadingCity',
  'loadingCountry',
  'loadingDate',
  'unloadingPostalCode',
  'unloadingCity',
  'unloadingCountry',
  'unloadingDate',
  'cargo',
  'cargoWeight',
  'cargoLength',
  'cargoWidth',
  'cargoHeight',
  'additionalInfo',
] as const;
type Field = (typeof FIELDS)[number];

const labels: Record<TrackLanguage, Record<Field | 'loadingType', string>> = {
  pl: {
    loadingPostalCode: 'Kod pocztowy załadunku',
    loadingCity: 'Miejscowość załadunku',
    loadingCountry: 'Kraj załadunku',
    loadingDate: 'Data załadunku (DD/MM/RRRR)',
    unloadingPostalCode: 'Kod pocztowy rozładunku',
    unloadingCity: 'Miejscowość rozładunku',
    unloadingCountry: 'Kraj rozładunku',
    unloadingDate: 'Data rozładunku (DD/MM/RRRR)',
    cargo: 'Towar',
    cargoWeight: 'Waga (t)',
    cargoLength: 'Długość (m)',
    cargoWidth: 'Szerokość (m)',
    cargoHeight: 'Wysokość (m)',
    loadingType: 'Typ załadunku',
    additionalInfo: 'Uwagi',
  },
  en: {
    loadingPostalCode: 'Loading postal code',
    loadingCity: 'Loading city',
    loadingCountry: 'Loading country',
    loadingDate: 'Loading date (DD/MM/YYYY)',
    unloadingPostalCode: 'Unloading postal code',
    unloadingCity: 'Unloading city',
    unloadingCountry: 'Unloading country',
    unloadingDate: 'Unloading date (DD/MM/YYYY)',
    cargo: 'Cargo',
    cargoWeight: 'Weight (t)',
    cargoLength: 'Length (m)',
    cargoWidth: 'Width (m)',
    cargoHeight: 'Height (m)',
    loadingType: 'Loading type',
    additionalInfo: 'Notes',
  },
};

/** 'DD/MM/YYYY' (or '.'/'-', or already ISO) as 'YYYY-MM-DD'; anything else as typed (the server names it). */
export function typedDate(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  const m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(v);
  if (m) return `${m[3]}-${(m[2] as string).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`;
  return v;
}

const NUMERIC: readonly Field[] = ['cargoWeight', 'cargoLength', 'cargoWidth', 'cargoHeight'];

/**
 * 'Nowe zapytanie': what a customer can know of a transport. It becomes a query in the office, marked 'od klienta',
 * and its caretaker is told. One Idempotency-Key per form: a double click or a retry after a lost answer sends once.
 */
export function NewQueryForm({ lang, onCreated }: { lang: TrackLanguage; onCreated: (message: string) => void }) {
  const t = panelTexts[lang];
  const l = labels[lang];
  const [values, setValues] = useState<Record<Field, string>>(
    () =>
      Object.fromEntries(
        FIELDS.map((f) => [f, f === 'loadingCountry' || f === 'unloadingCountry' ? 'PL' : '']),
      ) as Record<Field, string>,
  );
  const [loadingType, setLoadingType] = useState<string>('brak informacji');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFailure(null);
    const body: Record<string, unknown> = { loadingType };
    for (const f of FIELDS) {
      const raw = values[f].trim();
      if (f === 'loadingDate' || f === 'unloadingDate') body[f] = typedDate(raw);
      else if (NUMERIC.includes(f)) body[f] = raw ? (decimalToHundredths(raw) ?? raw) : null;
      else body[f] = raw || null;
    }
    try {
      const created = await panelApi.createQuery(body, key.current);
      key.current = newIdempotencyKey();
      onCreated(created.message);
    } catch (error) {
      if (isApiError(error) && error.violations.length > 0) {
        setErrors(Object.fromEntries(error.violations.map((v) => [v.propertyPath, v.message])));
      } else setFailure(isApiError(error) ? (error.detail ?? error.message) : String(error));
    } finally {
      setBusy(false);
    }
  };

  const input = (f: Field, props: Record<string, unknown> = {}) => (
    <TextInput
      label={l[f]}
      name={f}
      value={values[f]}
      onChange={set(f)}
      error={errors[f]}
      inputMode={NUMERIC.includes(f) ? 'decimal' : undefined}
      {...props}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t.newQuery}>
      <Stack gap="sm">
        {failure ? <Alert color="red">{failure}</Alert> : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {input('loadingCity', { required: true })}
          {input('loadingPostalCode')}
          {input('loadingCountry', { required: true, maxLength: 2 })}
          {input('loadingDate', { required: true, placeholder: 'DD/MM/RRRR' })}
          {input('unloadingCity', { required: true })}
          {input('unloadingPostalCode')}
          {input('unloadingCountry', { required: true, maxLength: 2 })}
          {input('unloadingDate', { placeholder: 'DD/MM/RRRR' })}
        </SimpleGrid>
        {input('cargo', { required: true })}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {input('cargoWeight')}
          {input('cargoLength')}
          {input('cargoWidth')}
          {input('cargoHeight')}
        </SimpleGrid>
        <Select
          label={l.loadingType}
          name="loadingType"
          data={LOADING_TYPES.map((v) => ({ value: v, label: loadingTypeLabels[v] }))}
          value={loadingType}
          onChange={(v) => setLoadingType(v ?? 'brak informacji')}
          allowDeselect={false}
          error={errors.loadingType}
        />
        <Textarea
          label={l.additionalInfo}
          name="additionalInfo"
          value={values.additionalInfo}
          onChange={set('additionalInfo')}
          error={errors.additionalInfo}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  type Setting,
  settingUpdateSchema,
  settingValueError,
  validationMessages,
} from '@spedycja/domain';
import { useEffect, useMemo } from 'react';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { componentMessages } from '../../../components/messages.ts';
import { onValidationFailure, useSaveSubmit, zodValidate } from '../../../lib/forms.ts';
import { KsefSettingsSection } from '../../ksef/index.ts';
import { MailSettingsSection } from '../../mail/index.ts';
import { useSettings } from '../api/getSettings.ts';
import { useRefreshEuroRate } from '../api/refreshEuroRate.ts';
import { type SettingChange, useUpdateSettings } from '../api/updateSettings.ts';
import { settingsMessages as t } from '../messages.ts';

type Definition = {
  label: string;
  kind: 'text' | 'longText' | 'hundredths' | 'vatRate' | 'hours' | 'days' | 'speed' | 'flag';
};
type SettingValues = Record<string, string>;

const definitionOf = (key: string): Definition =>
  (SETTING_DEFINITIONS as Record<string, Definition>)[key] ?? { label: key, kind: 'text' };

/** The settings in the order of SETTING_DEFINITIONS, then any the server knows beyond them. */
function ordered(settings: readonly Setting[]): Setting[] {
  const rank = (key: string) => {
    const index = (SETTING_KEYS as string[]).indexOf(key);
    return index === -1 ? SETTING_KEYS.length : index;
  };
  return [...settings].sort((a, b) => rank(a.key) - rank(b.key));
}

const validateValue = zodValidate(settingUpdateSchema);

/** Exported for tests: the Polish error of one value, or null. */
export function settingError(key: string, value: string): string | null {
  if (definitionOf(key).kind === 'hundredths' && value.trim() === '') return validationMessages.required;
  return validateValue({ value }).value ?? settingValueError(key, value.trim());
}

/** /settings: every setting with its Polish label; the euro rate typed as a decimal and sent in hundredths. */
export function SettingsPage() {
  const { data: settings, isPending } = useSettings();
  const update = useUpdateSettings();
  const refreshRate = useRefreshEuroRate();
  const list = useMemo(() => ordered(settings ?? []), [settings]);

  const form = useForm<SettingValues>({
    initialValues: {},
    validate: (values) => {
      const errors: Record<string, string> = {};
      for (const [key, value] of Object.entries(values)) {
        const error = settingError(key, value);
        if (error) errors[key] = error;
      }
      return errors;
    },
  });

  // Fill the form once, when the settings arrive; later refetches must not overwrite what is typed.
  const { initialized, initialize } = form;
  useEffect(() => {
    if (settings && !initialized) initialize(Object.fromEntries(settings.map((s) => [s.key, s.value ?? ''])));
  }, [settings, initialized, initialize]);

  const runSave = useSaveSubmit(form);
  const handleSubmit = form.onSubmit(
    (values) =>
      runSave(async () => {
        const initial = form.getInitialValues();
        const changes: SettingChange[] = list
          .filter((s) => values[s.key] !== undefined && values[s.key] !== initial[s.key])
          .map((s) => ({ uuid: s.uuid, key: s.key, value: (values[s.key] ?? '').trim() }));
        if (changes.length === 0) {
          notifications.show({ color: 'gray', message: t.noChanges });
          return;
        }
        await update.mutateAsync(changes);
        form.setInitialValues(values);
        form.resetDirty(values);
      }),
    onValidationFailure,
  );

  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {t.title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        {isPending || !form.initialized ? (
          <Text c="dimmed" role="status">
            {componentMessages.loading}
          </Text>
        ) : (
          <form onSubmit={handleSubmit} noValidate aria-label={t.title}>
            <Stack gap="sm">
              {list.map((setting) => {
                const definition = definitionOf(setting.key);
                const input = form.getInputProps(setting.key);
                if (definition.kind === 'hundredths') {
                  const raw = form.values[setting.key] ?? '';
                  const money = (
                    <MoneyInput
                      key={setting.key}
                      label={definition.label}
                      description={t.euroRateHint}
                      currency="pln"
                      value={raw === '' ? null : /^\d+$/.test(raw) ? Number(raw) : Number.NaN}
                      onChange={(hundredths) =>
                        form.setFieldValue(
                          setting.key,
                          hundredths === null ? '' : Number.isNaN(hundredths) ? 'x' : String(hundredths),
                        )
                      }
                      error={input.error}
                    />
                  );
                  if (setting.key !== 'euroExchangeRate') return money;
                  return (
                    <Group key={setting.key} align="flex-end" gap="sm" wrap="nowrap">
                      <div style={{ flex: 1 }}>{money}</div>
                      <Button
                        variant="light"
                        mb={22}
                        loading={refreshRate.isPending}
                        onClick={() =>
                          void refreshRate
                            .mutateAsync()
                            .then((result) => {
                              form.setFieldValue(setting.key, result.value);
                              form.setInitialValues({ ...form.getInitialValues(), [setting.key]: result.value });
                            })
                            .catch(() => undefined)
                        }
                      >
                        {t.refresh}
                      </Button>
                    </Group>
                  );
                }
                if (definition.kind === 'longText') {
                  return (
                    <Textarea key={setting.key} label={definition.label} autosize minRows={4} maxRows={14} {...input} />
                  );
                }
                return <TextInput key={setting.key} label={definition.label} {...input} />;
              })}
              <Group justify="flex-end" mt="sm">
                <Button type="submit" loading={update.isPending}>
                  {t.save}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
      <MailSettingsSection />
      <KsefSettingsSection />
    </Stack>
  );
}

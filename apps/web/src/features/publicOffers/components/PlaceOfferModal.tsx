import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CURRENCIES, PUBLIC_OFFER_SUCCESS_CLOSE_MS, type PublicQuery } from '@spedycja/domain';
import { useEffect, useRef, useState } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { PhoneFields } from '../../../components/PhoneFields.tsx';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { isApiError } from '../../../lib/apiClient.ts';
import { applyServerErrors, onValidationFailure } from '../../../lib/forms.ts';
import { usePlaceOffer } from '../api/placeOffer.ts';
import { publicMessages as t } from '../messages.ts';
import {
  emptyPublicOfferForm,
  type PublicOfferFormValues,
  parsePublicOffer,
  validatePublicOffer,
} from './publicOfferForm.ts';
import { publicRoute } from './publicQueryText.ts';

export type PlaceOfferModalProps = {
  query: PublicQuery | null;
  onClose: () => void;
};

type Outcome = { tab: 'form' } | { tab: 'success'; hint: string } | { tab: 'error'; message: string };

const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value.toUpperCase() }));

/** The message of the error tab: the server's word on too many offers, otherwise SPEC §8's text. */
export function placeOfferErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429 && error.detail) return error.detail;
  return t.error;
}

/**
 * SPEC §2 Public Place offer modal, three tabs: the form, success (closes by itself after 3 s)
 * and error. A 422 keeps the form with the server's messages on its fields.
 */
export function PlaceOfferModal({ query, onClose }: PlaceOfferModalProps) {
  const queryIri = query?.['@id'] ?? '';
  const form = useForm<PublicOfferFormValues>({
    initialValues: emptyPublicOfferForm(),
    validate: validatePublicOffer(queryIri),
  });
  const placeOffer = usePlaceOffer();
  const [outcome, setOutcome] = useState<Outcome>({ tab: 'form' });
  const [formError, setFormError] = useState<string | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (outcome.tab !== 'success') return;
    const timer = setTimeout(() => closeRef.current(), PUBLIC_OFFER_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [outcome.tab]);

  const handleSubmit = form.onSubmit(async (values) => {
    const payload = parsePublicOffer(values, queryIri);
    if (!payload || placeOffer.isPending) return;
    setFormError(null);
    try {
      const placed = await placeOffer.mutateAsync(payload);
      setOutcome({ tab: 'success', hint: placed.hint || t.successHint });
    } catch (error) {
      if (isApiError(error) && error.status === 422 && applyServerErrors(form, error)) {
        // A violation with no field of its own (the query closed meanwhile) shows above the buttons.
        const orphan = error.violations.find((v) => !(v.propertyPath in form.values));
        setFormError(orphan?.message ?? null);
        return;
      }
      setOutcome({ tab: 'error', message: placeOfferErrorMessage(error) });
    }
  }, onValidationFailure);

  return (
    <AppModal opened={query !== null} onClose={onClose} title={t.modalTitle} size={560}>
      {query && (
        <Text fw={600} mb="md">
          {publicRoute(query)}
        </Text>
      )}
      {outcome.tab === 'form' && (
        <form onSubmit={handleSubmit} noValidate aria-label={t.modalTitle}>
          <Stack gap="sm">
            <TextInput
              label={t.fields.email}
              type="email"
              autoComplete="email"
              data-autofocus
              {...form.getInputProps('email')}
            />
            <PhoneFields
              prefixLabel={t.fields.phonePrefix}
              phoneLabel={t.fields.phone}
              prefixWidth={110}
              prefixInput={form.getInputProps('phonePrefix')}
              phoneInput={form.getInputProps('phone')}
              phoneProps={{ autoComplete: 'tel-national' }}
            />
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label={t.fields.price}
                inputMode="decimal"
                autoComplete="off"
                rightSection={form.values.currency.toUpperCase()}
                rightSectionWidth={48}
                {...form.getInputProps('price')}
              />
              <SearchableSelect
                label={t.fields.currency}
                data={CURRENCY_OPTIONS}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('currency')}
              />
            </SimpleGrid>
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
          </Stack>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose} disabled={placeOffer.isPending}>
              {t.cancel}
            </Button>
            <Button type="submit" loading={placeOffer.isPending}>
              {t.send}
            </Button>
          </Group>
        </form>
      )}
      {outcome.tab === 'success' && (
        <Stack gap="sm">
          <Alert color="green" title={t.success} role="status">
            {outcome.hint}
          </Alert>
          <Text size="sm" c="dimmed">
            {t.autoClose}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>{t.close}</Button>
          </Group>
        </Stack>
      )}
      {outcome.tab === 'error' && (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {outcome.message}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.close}
            </Button>
            <Button onClick={() => setOutcome({ tab: 'form' })}>{t.tryAgain}</Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

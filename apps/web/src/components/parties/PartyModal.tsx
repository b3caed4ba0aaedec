import type { UseFormReturnType } from '@mantine/form';
import type { PartyMatch } from '@spedycja/domain';
import type { QueryKey } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { FormActions } from '../FormActions.tsx';
import { RecordModal } from '../RecordModal.tsx';
import type { PartyFieldsProps } from './PartyFields.tsx';
import type { PartyFormValues } from './partyForm.ts';
import type { DuplicateFetcher } from './useDuplicateCounts.ts';
import { usePartyForm } from './usePartyForm.ts';

/**
 * The customer and carrier modals: load the record to edit (or start empty), run the shared form
 * behaviour, and let the feature lay out its fields. A feature gives one PartySetup.
 */

type Saver<A, R> = { mutateAsync: (args: A) => Promise<R>; isPending: boolean };

/** What a customer or carrier modal is given by its users (the pickers, the list screens). */
export type PartyModalProps<R> = {
  opened: boolean;
  onClose: () => void;
  /** The record to edit; without it the modal creates one. */
  uuid?: string | null;
  /** Called with the saved record before the modal closes (the picker takes it as its value). */
  onSaved?: (record: R) => void;
};

export type PartySetup<R, V extends PartyFormValues, C, U> = {
  texts: {
    createTitle: string;
    editTitle: string;
    duplicate: string;
    duplicateNip: (name: string) => string;
    duplicatePhone: (name: string) => string;
    hintSingular: string;
    hintPlural: string;
  };
  /** Loads the record to edit (nothing while the uuid is null). */
  useRecord: (uuid: string | null | undefined) => { data: R | undefined; isError: boolean };
  toForm: (record: R) => V;
  emptyForm: () => V;
  schema: z.ZodType<C>;
  updateSchema: z.ZodType<U>;
  /** Every field a creation sends (null when missing). */
  fields: readonly (keyof C & string)[];
  useCreate: () => Saver<C, R>;
  useUpdate: () => Saver<{ uuid: string | null; payload: U }, R>;
  duplicates: { queryKey: QueryKey; fetcher: DuplicateFetcher };
  /** The feature's fields, above 'Anuluj' and 'Zapisz'; `onOpenExisting` opens the record that has a number. */
  /** Shown above the form of a saved record (a customer's balance, issue 26). */
  renderHeader?: (uuid: string) => ReactNode;
  renderFields: (
    form: UseFormReturnType<V>,
    hints: PartyFieldsProps['hints'],
    onOpenExisting: (match: PartyMatch) => void,
  ) => ReactNode;
  /** Below the fields: what the feature adds for this record (the registers' checks, their history). */
  renderExtras?: (form: UseFormReturnType<V>, uuid: string | null, record: R | undefined) => ReactNode;
};

/** Create or edit a customer or carrier. If the record cannot be loaded, the modal closes (the error is notified). */
export function PartyModal<R, V extends PartyFormValues, C, U>({
  opened,
  onClose,
  uuid,
  onSaved,
  setup,
}: PartyModalProps<R> & { setup: PartySetup<R, V, C, U> }) {
  const mode = uuid ? 'edit' : 'create';
  const record = setup.useRecord(opened ? uuid : null);
  const title = mode === 'edit' ? setup.texts.editTitle : setup.texts.createTitle;
  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={title}
      loading={mode === 'edit' && !record.data}
      loadFailed={mode === 'edit' && record.isError}
      historyPath={
        mode === 'edit' ? (record.data as { '@id'?: string } | undefined)?.['@id']?.replace(/^\/api/, '') : null
      }
    >
      {uuid && setup.renderHeader?.(uuid)}
      <PartyForm
        key={uuid ?? 'new'}
        setup={setup}
        title={title}
        uuid={uuid ?? null}
        record={record.data}
        initialValues={record.data ? setup.toForm(record.data) : setup.emptyForm()}
        onCancel={onClose}
        onSaved={(saved) => {
          if (saved) onSaved?.(saved);
          onClose();
        }}
      />
    </RecordModal>
  );
}

type PartyFormProps<R, V extends PartyFormValues, C, U> = {
  setup: PartySetup<R, V, C, U>;
  title: string;
  uuid: string | null;
  /** The record as loaded (undefined when creating). */
  record: R | undefined;
  initialValues: V;
  onCancel: () => void;
  onSaved: (record: R | null) => void;
};

function PartyForm<R, V extends PartyFormValues, C, U>({
  setup,
  title,
  uuid,
  record,
  initialValues,
  onCancel,
  onSaved,
}: PartyFormProps<R, V, C, U>) {
  const create = setup.useCreate();
  const update = setup.useUpdate();
  const { form, handleSubmit, saving, hints } = usePartyForm({
    mode: uuid ? 'edit' : 'create',
    uuid,
    initialValues,
    schema: setup.schema,
    updateSchema: setup.updateSchema,
    fields: setup.fields,
    create,
    update,
    duplicates: {
      queryKey: setup.duplicates.queryKey,
      fetcher: setup.duplicates.fetcher,
      message: setup.texts.duplicate,
      singular: setup.texts.hintSingular,
      plural: setup.texts.hintPlural,
      named: { nip: setup.texts.duplicateNip, phone: setup.texts.duplicatePhone },
    },
    onSaved,
  });
  const [existing, setExisting] = useState<PartyMatch | null>(null);

  return (
    <>
      <form onSubmit={handleSubmit} noValidate aria-label={title}>
        {setup.renderFields(form, hints, setExisting)}
        {setup.renderExtras?.(form, uuid, record)}
        <FormActions saving={saving} onCancel={onCancel} />
      </form>
      {/* The record that already has the number, over this form (a sibling, so its keys never reach the form). */}
      <PartyModal
        opened={existing !== null}
        uuid={existing?.uuid ?? null}
        onClose={() => setExisting(null)}
        setup={setup}
      />
    </>
  );
}

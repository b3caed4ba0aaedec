import { Input, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { InlineEditDialog, type InlineEditorArgs } from './InlineEditDialog.tsx';
import { SearchableSelect } from './SearchableSelect.tsx';

/** Editors that the tables' inline-edit cells share (queries and orders give them their fields). */

/** A cell's editor: the value it edits in a row, the partial update it sends and how it checks itself. */
export type EditorSpec<R, V> = {
  width?: number;
  value: (row: R) => V;
  render: (args: InlineEditorArgs<V>) => ReactNode;
  toPatch: (value: V) => Record<string, unknown>;
  validate?: (value: V) => string | null;
};

/** Renders one editable cell of a row: its dialog's title, the field it names, its editor, what it shows. */
export type EditableCell<R> = <V>(
  row: R,
  label: string,
  field: string,
  spec: EditorSpec<R, V>,
  display: ReactNode,
) => ReactNode;

/**
 * The cell builder of one table: every editable cell saves through `onSave` and is read-only
 * when `disabled` (the deleted view).
 */
export function editableCells<R>(
  onSave: (row: R, patch: Record<string, unknown>) => Promise<unknown>,
  disabled: boolean,
): EditableCell<R> {
  return function editable<V>(row: R, label: string, field: string, spec: EditorSpec<R, V>, display: ReactNode) {
    return (
      <InlineEditDialog<V>
        label={label}
        field={field}
        value={spec.value(row)}
        display={display}
        renderEditor={spec.render}
        toPatch={spec.toPatch}
        validate={spec.validate}
        width={spec.width}
        onSave={(patch) => onSave(row, patch)}
        disabled={disabled}
      />
    );
  };
}

/** The error of an editor made of several inputs, shown once below them. */
export function InlineError({ children }: { children: ReactNode }) {
  return (
    <Input.Error component="div" role="alert">
      {children}
    </Input.Error>
  );
}

export const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
export const notANumber = (...values: (number | null)[]) => values.some((v) => v !== null && Number.isNaN(v));

/** A choice from a fixed list (status, loading type). */
export const selectEditor =
  (data: { value: string; label: string }[]) =>
  ({ value, onChange, error, label }: InlineEditorArgs<string>) => (
    <SearchableSelect
      label={label}
      data={data}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  );

/** Free text on one line or several (cargo, additional information). */
export const textRender =
  (multiline: boolean) =>
  ({ value, onChange, error, label }: InlineEditorArgs<string>) =>
    multiline ? (
      <Textarea
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        autosize
        minRows={3}
        maxRows={10}
        data-autofocus
      />
    ) : (
      <TextInput
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
    );

type Option = { value: string; label: string };

/** A field chosen from a fixed list (a status, the loading type). */
export const choiceEditor = <K extends string>(field: K, options: Option[]): EditorSpec<Record<K, string>, string> => ({
  value: (row) => row[field],
  render: selectEditor(options),
  toPatch: (value) => ({ [field]: value }),
});

/** A text field; a blank one is sent as null. */
export const textEditor = <K extends string>(
  field: K,
  multiline: boolean,
): EditorSpec<Record<K, string | null>, string> => ({
  width: multiline ? 520 : 420,
  value: (row) => row[field] ?? '',
  render: textRender(multiline),
  toPatch: (text) => ({ [field]: blankToNull(text) }),
});

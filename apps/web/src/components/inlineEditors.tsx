import { Select, Textarea, TextInput } from '@mantine/core';
import type { InlineEditorArgs } from './InlineEditDialog.tsx';

/** Editors that the tables' inline-edit cells share (queries and orders give them their fields). */

export const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());
export const notANumber = (...values: (number | null)[]) => values.some((v) => v !== null && Number.isNaN(v));

/** A choice from a fixed list (status, loading type). */
export const selectEditor =
  (data: { value: string; label: string }[]) =>
  ({ value, onChange, error, label }: InlineEditorArgs<string>) => (
    <Select
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

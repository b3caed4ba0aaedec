import { Button, Group, Modal, TextInput, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { EMPTY_VALUE } from '@spedycja/domain';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../lib/apiClient.ts';
import { notifyError } from '../lib/notify.ts';
import { componentMessages as t } from './messages.ts';
import { useIsTopmostModal } from './modalStack.ts';

export type InlineEditorArgs<V> = {
  value: V;
  onChange: (value: V) => void;
  /** The field's error (validation or the server's violation); the editor must show it. */
  error: ReactNode;
  label: string;
};

export type InlineEditDialogProps<V> = {
  /** The field's label: the dialog's title and the cell button's name ('{value} (Edytuj: {label})'). */
  label: string;
  /** The key sent in the partial update: onSave({ [field]: value }). */
  field: string;
  value: V;
  /** What the cell shows; by default the value as text, 'Brak' when empty. */
  display?: ReactNode;
  /** The editor of the one field; a text input by default. */
  renderEditor?: (args: InlineEditorArgs<V>) => ReactNode;
  /** Turns the edited value into what is sent (e.g. a decimal into hundredths). */
  toPayload?: (value: V) => unknown;
  /**
   * For a cell that edits several fields at once (a place, a price with its currency): the whole
   * partial update. Replaces `{ [field]: toPayload(value) }`; `field` still names the cell.
   */
  toPatch?: (value: V) => Record<string, unknown>;
  /** A Polish message when the value cannot be saved, or null. */
  validate?: (value: V) => string | null;
  /** Saves the partial update (a PUT with only this field); a rejection keeps the dialog open. */
  onSave: (patch: Record<string, unknown>) => Promise<unknown>;
  /** When set, a failure is also notified: 'Wystąpił błąd podczas {errorAction}!'. */
  errorAction?: string;
  disabled?: boolean;
  width?: number | string;
};

function defaultDisplay(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  return String(value);
}

/** The message to show in the dialog for a failed save (the violation of one of the sent fields first). */
export function saveErrorMessage(error: unknown, field: string | readonly string[]): string {
  if (isApiError(error)) {
    const fields = typeof field === 'string' ? [field] : field;
    const violation = error.violations.find((v) => fields.includes(v.propertyPath)) ?? error.violations[0];
    return violation?.message ?? error.detail ?? t.saveFailed;
  }
  return t.saveFailed;
}

/**
 * A table cell that edits one field: clicking the value opens a small persistent dialog with its
 * editor, 'Zapisz' and 'Anuluj'. Enter saves, Esc cancels; on a failure the typed value stays.
 */
export function InlineEditDialog<V>({
  label,
  field,
  value,
  display,
  renderEditor,
  toPayload,
  toPatch,
  validate,
  onSave,
  errorAction,
  disabled,
  // SPEC: dialogs are 500 to 1200 px wide.
  width = 500,
}: InlineEditDialogProps<V>) {
  const [opened, setOpened] = useState(false);
  // The modal exists only while open or closing: a table has hundreds of these cells, and a closed
  // Mantine modal still renders its portal, scroll lock and listeners.
  const [mounted, setMounted] = useState(false);
  const [draft, setDraft] = useState<V>(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = display ?? defaultDisplay(value);
  // An editor may open a modal of its own (the customer picker's 'add'): Esc closes that one first.
  const topmost = useIsTopmostModal(opened);

  const open = () => {
    setDraft(value);
    setError(null);
    setMounted(true);
    setOpened(true);
  };

  const cancel = () => {
    if (!saving) setOpened(false);
  };

  const save = async () => {
    if (saving) return;
    const invalid = validate?.(draft) ?? null;
    if (invalid) {
      setError(invalid);
      return;
    }
    setSaving(true);
    setError(null);
    const patch = toPatch ? toPatch(draft) : { [field]: toPayload ? toPayload(draft) : draft };
    try {
      await onSave(patch);
      setOpened(false);
    } catch (failure) {
      setError(saveErrorMessage(failure, [field, ...Object.keys(patch)]));
      if (errorAction) notifyError(errorAction, failure);
    } finally {
      setSaving(false);
    }
  };

  if (disabled) return <>{shown}</>;

  const editor = renderEditor ? (
    renderEditor({ value: draft, onChange: setDraft, error, label })
  ) : (
    <TextInput
      label={label}
      data-autofocus
      value={typeof draft === 'string' ? draft : draft === null || draft === undefined ? '' : String(draft)}
      onChange={(event) => setDraft(event.currentTarget.value as V)}
      error={error}
    />
  );

  return (
    <>
      {/* The button's name is its visible value followed by 'Edytuj: {label}' (WCAG label in name). */}
      <UnstyledButton
        onClick={open}
        title={t.editField(label)}
        style={{ fontSize: 'inherit', textAlign: 'inherit', cursor: 'pointer', minHeight: 20, minWidth: 24 }}
      >
        {shown}
        <VisuallyHidden> ({t.editField(label)})</VisuallyHidden>
      </UnstyledButton>
      {mounted && (
        <Modal
          opened={opened}
          onClose={cancel}
          onExitTransitionEnd={() => setMounted(false)}
          title={label}
          size={width}
          closeOnClickOutside={false}
          closeOnEscape={!saving && topmost}
          closeButtonProps={{ 'aria-label': t.close }}
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            {editor}
            <Group justify="flex-end" mt="md">
              <Button variant="default" onClick={cancel} disabled={saving}>
                {t.cancel}
              </Button>
              <Button type="submit" loading={saving}>
                {t.save}
              </Button>
            </Group>
          </form>
        </Modal>
      )}
    </>
  );
}

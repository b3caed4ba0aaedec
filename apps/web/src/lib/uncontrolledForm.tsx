import { type GetInputPropsReturnType, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { type ReactNode, useCallback, useRef, useState } from 'react';

/**
 * Forms that keep up with the keys (issue 35). Mantine's form in uncontrolled mode: a key changes its input and the
 * form's values, not the form's render (a controlled form rendered every field again on each key). Text inputs take
 * `key={form.key(path)}` and `{...form.getInputProps(path)}`; other inputs (selects, dates, amounts, pickers) are
 * wrapped in `FormField`, which renders again on its own value only; what depends on a value reads it with
 * `useFormSelect` (it renders again when the selected result changes).
 */

type FormValues = Record<string, unknown>;

/**
 * `useForm` in uncontrolled mode. The form renders again when it turns dirty or clean (not on every key), so that
 * what it reports to its modal (useSaveSubmit: the unsaved-changes question, leaving the page) stays true.
 */
export function useUncontrolledForm<V extends FormValues>(input: Omit<UseFormInput<V>, 'mode'>): UseFormReturnType<V> {
  const [, setDirty] = useState(false);
  const formRef = useRef<UseFormReturnType<V> | null>(null);
  const onValuesChangeRef = useRef(input.onValuesChange);
  onValuesChangeRef.current = input.onValuesChange;
  // Stable: the inputs, which do not render again, keep the onChange of the render that mounted them.
  const onValuesChange = useCallback((values: V, previous: V) => {
    setDirty(formRef.current?.isDirty() ?? true);
    onValuesChangeRef.current?.(values, previous);
  }, []);
  const form = useForm<V>({ ...input, mode: 'uncontrolled', onValuesChange });
  formRef.current = form;
  return form;
}

/** What a FormField gives its input: the current value with the form's handlers and error. */
export type FieldInput<T> = Omit<GetInputPropsReturnType, 'value' | 'defaultValue'> & { value: T };

export type FormFieldProps<V extends FormValues, K extends keyof V & string> = {
  // biome-ignore lint/suspicious/noExplicitAny: a form of any values that has this field (V is checked by the path).
  form: UseFormReturnType<V, any>;
  path: K;
  children: (input: FieldInput<V[K]>) => ReactNode;
};

/**
 * A field of an uncontrolled form that renders again on its own value only: for inputs that need `value` (selects,
 * dates, amounts, pickers), and that follow a value set from outside (a register's answer, a shortcut, a draft).
 */
export function FormField<V extends FormValues, K extends keyof V & string>({
  form,
  path,
  children,
}: FormFieldProps<V, K>) {
  const value = form.useWatchValue(path) as V[K];
  const { defaultValue: _initial, ...input } = form.getInputProps(path);
  return <>{children({ ...input, value })}</>;
}

/**
 * A value derived from one field (an asterisk, a currency, a choice of buttons), read again when the field changes;
 * the caller renders again only when the derived value changes. `select` should answer a primitive.
 */
export function useFormSelect<V extends FormValues, K extends keyof V & string, T>(
  // biome-ignore lint/suspicious/noExplicitAny: as FormField's form.
  form: UseFormReturnType<V, any>,
  path: K,
  select: (value: V[K]) => T,
): T {
  const [selected, setSelected] = useState(() => select(form.getValues()[path]));
  const selectRef = useRef(select);
  selectRef.current = select;
  // Stable: Mantine's watch subscribes again whenever its callback changes.
  const update = useCallback(({ value }: { value: unknown }) => setSelected(selectRef.current(value as V[K])), []);
  form.watch(path, update);
  return selected;
}

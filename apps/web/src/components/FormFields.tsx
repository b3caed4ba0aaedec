import { Checkbox, Group, Switch, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import {
  type GetInputPropsOptions,
  type GetInputPropsReturnType,
  type UseFormInput,
  type UseFormReturnType,
  useForm,
} from '@mantine/form';
import { type ComponentPropsWithoutRef, type ElementType, type ReactNode, useCallback, useRef, useState } from 'react';
import { CountrySelect } from './CountrySelect.tsx';
import { DateInput, DateTimePicker, WallClockInput } from './dates.tsx';
import { MoneyInput } from './MoneyInput.tsx';
import { phoneNumberProps, phonePrefixProps } from './PhoneFields.tsx';
import { SearchableSelect } from './SearchableSelect.tsx';

/**
 * Forms that keep up with the keys (issue 35): every form of the app that a dispatcher types into (order, query,
 * invoice, customer, carrier, task, contact attempt) is made by `useUncontrolledForm` and binds its fields here.
 *
 * - The form is Mantine's in uncontrolled mode: a key changes the form's values, not the form's render (a controlled
 *   form rendered every field again on each key). The values are read on save (`getValues`).
 * - A field (`FormTextInput`, `FormSelect`, …, or `FormField` around any other input) subscribes to its own path
 *   (`form.useWatchValue`) and stays a controlled input: it renders again on its own value only, and a value set from
 *   outside (a picked customer filling the address, a register's answer, a draft restored, a shortcut) shows at once
 *   without remounting the field under the dispatcher's cursor.
 * - What is derived from a few fields (a margin, totals, an asterisk, a currency) is a small component reading them
 *   with `useFormValue` (renders on each change of the field) or `useFormSelect` (renders when the derived value
 *   changes).
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
  // Stable: the fields keep the onChange of the render that made them.
  const onValuesChange = useCallback((values: V, previous: V) => {
    setDirty(formRef.current?.isDirty() ?? true);
    onValuesChangeRef.current?.(values, previous);
  }, []);
  const form = useForm<V>({ ...input, mode: 'uncontrolled', onValuesChange });
  formRef.current = form;
  return form;
}

/** What a bound field needs of a form, whatever its values (the path is the form's own, as in getInputProps). */
export type BindableForm = {
  getInputProps: (path: string, options?: GetInputPropsOptions) => GetInputPropsReturnType;
  useWatchValue: (path: string) => unknown;
};

/** getInputProps of one field with its live value (uncontrolled forms give only a `defaultValue`). */
export function useFieldProps(
  form: BindableForm,
  path: string,
  options?: GetInputPropsOptions,
): GetInputPropsReturnType {
  const value = form.useWatchValue(path);
  const { defaultValue: _value, defaultChecked: _checked, ...props } = form.getInputProps(path, options);
  return options?.type === 'checkbox' ? { ...props, checked: Boolean(value) } : { ...props, value };
}

/** A field's value, the component re-rendering each time it changes. */
export function useFormValue<T>(form: Pick<BindableForm, 'useWatchValue'>, path: string): T {
  return form.useWatchValue(path) as T;
}

/**
 * A value derived from one field (an asterisk, a currency, which registers apply), read again when the field changes;
 * the caller renders again only when the derived value changes. `select` should answer a primitive.
 */
export function useFormSelect<V extends FormValues, K extends keyof V & string, T>(
  // biome-ignore lint/suspicious/noExplicitAny: a form of any values that has this field (V is checked by the path).
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

/** What a FormField gives its input: the current value with the form's handlers and error. */
export type FieldInput<T> = Omit<GetInputPropsReturnType, 'value' | 'defaultValue'> & { value: T };

export type FormFieldProps<V extends FormValues, K extends keyof V & string> = {
  // biome-ignore lint/suspicious/noExplicitAny: as useFormSelect's form.
  form: UseFormReturnType<V, any>;
  path: K;
  children: (input: FieldInput<V[K]>) => ReactNode;
};

/**
 * A field bound to the form for an input that has no Form… component below (a picker, a tags input, a group of
 * checkboxes): it renders again on its own value only. An onChange of the input's own shape sets the value with
 * `form.setFieldValue(path, value, { forceUpdate: false })` (the field follows it; nothing is remounted).
 */
export function FormField<V extends FormValues, K extends keyof V & string>({
  form,
  path,
  children,
}: FormFieldProps<V, K>) {
  const input = useFieldProps(form as BindableForm, path) as FieldInput<V[K]>;
  return <>{children(input)}</>;
}

type Bound = { form: BindableForm; path: string };

/** One of the app's inputs bound to a form's field (its value, onChange, error, focus and blur come from the form). */
function bind<C extends ElementType>(Input: C, options?: GetInputPropsOptions) {
  return function BoundField({
    form,
    path,
    ...props
  }: Bound & Omit<ComponentPropsWithoutRef<C>, 'value' | 'onChange' | 'form'>) {
    const Component: ElementType = Input;
    return <Component {...props} {...useFieldProps(form, path, options)} />;
  };
}

export const FormTextInput = bind(TextInput);
export const FormTextarea = bind(Textarea);
export const FormCheckbox = bind(Checkbox, { type: 'checkbox' });
export const FormSwitch = bind(Switch, { type: 'checkbox' });
export const FormSelect = bind(SearchableSelect);
export const FormMoneyInput = bind(MoneyInput);
export const FormCountrySelect = bind(CountrySelect);
export const FormDateInput = bind(DateInput);
export const FormDateTimePicker = bind(DateTimePicker);
export const FormWallClockInput = bind(WallClockInput);

/**
 * The calling-code select and the number beside it (as PhoneFields lays them out), each bound to its own field: a key
 * in the number does not render the ~200 calling codes again.
 */
export function FormPhoneFields({
  form,
  prefixPath = 'phonePrefix',
  phonePath = 'phone',
  prefixLabel,
  phoneLabel,
  phoneProps,
  gap = 'sm',
  prefixWidth = 100,
}: {
  form: BindableForm;
  prefixPath?: string;
  phonePath?: string;
  prefixLabel: string;
  phoneLabel: string;
  /** More for the number's input (a hint under it). */
  phoneProps?: Omit<Partial<TextInputProps>, 'form' | 'value' | 'defaultValue' | 'onChange'>;
  gap?: 'xs' | 'sm';
  prefixWidth?: number;
}) {
  return (
    <Group gap={gap} align="flex-start" wrap="nowrap">
      <FormSelect form={form} path={prefixPath} {...phonePrefixProps(prefixLabel, prefixWidth)} />
      <FormTextInput form={form} path={phonePath} {...phoneNumberProps(phoneLabel)} {...phoneProps} />
    </Group>
  );
}

import { Checkbox, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsOptions, GetInputPropsReturnType } from '@mantine/form';
import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { CountrySelect } from './CountrySelect.tsx';
import { DateInput, WallClockInput } from './dates.tsx';
import { MoneyInput } from './MoneyInput.tsx';
import { SearchableSelect } from './SearchableSelect.tsx';

/**
 * Fields of a Mantine form in uncontrolled mode (`mode: 'uncontrolled'`) that each render alone when their own value
 * changes (issue 35: a controlled form rendered every field again on each key). A field subscribes to its path
 * (`form.useWatchValue`) and stays a controlled input, so values set from outside (a picked customer filling the
 * address, a draft restored, a reset) show at once, without remounting the field under the dispatcher's cursor.
 * What is derived from several fields (a margin, totals) is a small component subscribed to those fields only.
 */

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

/** A field's value, the component re-rendering only when it changes. */
export function useFormValue<T>(form: Pick<BindableForm, 'useWatchValue'>, path: string): T {
  return form.useWatchValue(path) as T;
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
export const FormSelect = bind(SearchableSelect);
export const FormMoneyInput = bind(MoneyInput);
export const FormCountrySelect = bind(CountrySelect);
export const FormDateInput = bind(DateInput);
export const FormWallClockInput = bind(WallClockInput);

import { decimalToHundredths } from '@spedycja/domain';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { ApiParams, CustomFilterDef, DateRangeValue, FilterDef, FilterValues, NumberRangeValue } from './types.ts';

/** Filter values -> API Platform parameters, as small pure functions (each unit-tested). */

export const EMPTY_RANGE: NumberRangeValue = { min: '', max: '' };
export const EMPTY_DATE_RANGE: DateRangeValue = [null, null];

export function textParams(name: string, value: unknown): ApiParams {
  const text = typeof value === 'string' ? value.trim() : '';
  return text ? { [name]: text } : {};
}

export function selectParams(name: string, value: unknown): ApiParams {
  return typeof value === 'string' && value !== '' ? { [name]: value } : {};
}

/** '12', '12,5' -> '12' / '1250' (hundredths); null for anything that is not a number. */
export function rangeBound(text: string, hundredths: boolean): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (hundredths) {
    const value = decimalToHundredths(trimmed);
    return value === null ? null : String(value);
  }
  return /^-?\d+$/.test(trimmed) ? String(Number(trimmed)) : null;
}

export function isNumberRange(value: unknown): value is NumberRangeValue {
  return typeof value === 'object' && value !== null && 'min' in value && 'max' in value;
}

export function numberRangeParams(name: string, value: unknown, hundredths = false): ApiParams {
  if (!isNumberRange(value)) return {};
  const params: ApiParams = {};
  const min = rangeBound(value.min, hundredths);
  const max = rangeBound(value.max, hundredths);
  if (min !== null) params[`${name}[gte]`] = min;
  if (max !== null) params[`${name}[lte]`] = max;
  return params;
}

/** A date as 'YYYY-MM-DD' (Mantine gives strings; Date objects are accepted too); null if invalid. */
export function toIsoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const day = value.slice(0, 10);
    return dayjs(day).isValid() ? day : null;
  }
  if (value instanceof Date || typeof value === 'number') {
    const d = dayjs(value);
    return d.isValid() ? d.format('YYYY-MM-DD') : null;
  }
  return null;
}

/** [from, to] -> name[after]=from, name[before]=to (whole days; the server reads them in Warsaw time). */
export function dateRangeParams(name: string, value: unknown): ApiParams {
  if (!Array.isArray(value)) return {};
  const params: ApiParams = {};
  const from = toIsoDate(value[0]);
  const to = toIsoDate(value[1]);
  if (from) params[`${name}[after]`] = from;
  if (to) params[`${name}[before]`] = to;
  return params;
}

export function filterParams(def: FilterDef, value: unknown): ApiParams {
  switch (def.kind) {
    case 'text':
      return textParams(def.name, value);
    case 'select':
      return selectParams(def.name, value);
    case 'numberRange':
      return numberRangeParams(def.name, value, def.hundredths);
    case 'dateRange':
      return dateRangeParams(def.name, value);
    case 'custom':
      return def.toParams(value);
  }
}

export function filtersToParams(defs: readonly FilterDef[], values: FilterValues): ApiParams {
  return Object.assign({}, ...defs.map((def) => filterParams(def, values[def.name])));
}

export function defaultFilterValue(def: FilterDef): unknown {
  switch (def.kind) {
    case 'text':
      return '';
    case 'select':
      return def.defaultValue ?? null;
    case 'numberRange':
      return EMPTY_RANGE;
    case 'dateRange':
      return EMPTY_DATE_RANGE;
    case 'custom':
      return def.defaultValue;
  }
}

export function defaultFilterValues(defs: readonly FilterDef[]): FilterValues {
  return Object.fromEntries(defs.map((def) => [def.name, defaultFilterValue(def)]));
}

export function sameParams(a: ApiParams, b: ApiParams): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Declares a custom filter with a typed value; the row stores it untyped. */
export function customFilter<V>(def: {
  name: string;
  label: string;
  width?: number | string;
  defaultValue: V;
  render: (value: V, onChange: (value: V) => void) => ReactNode;
  toParams: (value: V) => ApiParams;
}): CustomFilterDef {
  return {
    ...def,
    kind: 'custom',
    render: (value, onChange) => def.render(value as V, onChange as (value: V) => void),
    toParams: (value) => def.toParams(value as V),
  };
}

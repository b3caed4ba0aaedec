import type { ReactNode } from 'react';

/** Query parameters in API Platform syntax: `name=value`, `name[gte]=`, `name[after]=YYYY-MM-DD`. */
export type ApiParams = Record<string, string>;

export type NumberRangeValue = { min: string; max: string };
/** Dates as Mantine gives them: 'YYYY-MM-DD' or null. */
export type DateRangeValue = [string | null, string | null];

type FilterBase = {
  /** The API parameter (for ranges its base: `name[gte]`). */
  name: string;
  label: string;
  width?: number | string;
};

export type TextFilterDef = FilterBase & { kind: 'text'; placeholder?: string };

export type SelectFilterDef = FilterBase & {
  kind: 'select';
  options: readonly { value: string; label: string }[];
  defaultValue?: string | null;
  clearable?: boolean;
  /** Typing narrows the options (long lists such as countries). */
  searchable?: boolean;
};

export type NumberRangeFilterDef = FilterBase & {
  kind: 'numberRange';
  /** Typed as decimals (comma or dot) and sent in hundredths, as money and dimensions travel. */
  hundredths?: boolean;
};

export type DateRangeFilterDef = FilterBase & { kind: 'dateRange' };

/** Anything else (e.g. a button opening the address or cargo-dimension filter modal). */
export type CustomFilterDef = FilterBase & {
  kind: 'custom';
  defaultValue: unknown;
  render: (value: unknown, onChange: (value: unknown) => void) => ReactNode;
  toParams: (value: unknown) => ApiParams;
};

export type FilterDef = TextFilterDef | SelectFilterDef | NumberRangeFilterDef | DateRangeFilterDef | CustomFilterDef;

/** The typed values, keyed by filter name. */
export type FilterValues = Record<string, unknown>;

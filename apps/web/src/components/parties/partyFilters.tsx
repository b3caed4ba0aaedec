import { TextInput } from '@mantine/core';
import { decimalToHundredths } from '@spedycja/domain';
import { COUNTRY_SELECT_DATA } from '../CountrySelect.tsx';
import { customFilter } from '../FilterRow/filterParams.ts';
import type { FilterDef } from '../FilterRow/types.ts';
import { componentMessages } from '../messages.ts';
import { partyMessages as t } from './messages.ts';

/** Filters the customers and carriers pages share, and a lower bound the FilterRow lacks. */

/** A searchable select of countries sending `{param}=ISO`. */
export function countryFilter(param: string, label: string, width = 170): FilterDef {
  return { kind: 'select', name: param, label, width, options: COUNTRY_SELECT_DATA, searchable: true };
}

/** A lower bound typed as a decimal (13,6) and sent in hundredths: `{param}[gte]=1360`. */
export function minHundredthsFilter(param: string, label: string, width = 130): FilterDef {
  return customFilter<string>({
    name: `${param}[gte]`,
    label,
    width,
    defaultValue: '',
    render: (value, onChange) => (
      <TextInput
        size="xs"
        w={width}
        label={label}
        aria-label={componentMessages.filterLabel(label)}
        inputMode="decimal"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    ),
    toParams: (value): Record<string, string> => {
      const hundredths = decimalToHundredths(value);
      return hundredths === null ? {} : { [`${param}[gte]`]: String(hundredths) };
    },
  });
}

/** 'Szukaj': the server's `search`, across company, name, NIP, phone, e-mail and city, Polish letters or not. */
export const searchFilter: FilterDef = {
  kind: 'text',
  name: 'search',
  label: t.search,
  placeholder: t.searchPlaceholder,
  width: 240,
};

import { Select, type SelectProps } from '@mantine/core';
import { COUNTRIES } from '@spedycja/domain';
import { componentMessages as t } from './messages.ts';
import { codeOrLabelFilter } from './selectFilter.ts';

/** Every country by its Polish name, Poland first; the value is the ISO code ('PL'). */
export const COUNTRY_SELECT_DATA = COUNTRIES.map((c) => ({ value: c.iso, label: c.name }));

export type CountrySelectProps = Omit<SelectProps, 'data'>;

/** A searchable, clearable country select: by its Polish name or its ISO code ('DE', 'de'). */
export function CountrySelect(props: CountrySelectProps) {
  return (
    <Select
      data={COUNTRY_SELECT_DATA}
      searchable
      filter={codeOrLabelFilter}
      clearable
      nothingFoundMessage={t.nothingFound}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

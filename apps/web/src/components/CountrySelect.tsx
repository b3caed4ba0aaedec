import { Select, type SelectProps } from '@mantine/core';
import { COUNTRIES } from '@spedycja/domain';
import { componentMessages as t } from './messages.ts';

/** Every country by its Polish name, Poland first; the value is the ISO code ('PL'). */
export const COUNTRY_SELECT_DATA = COUNTRIES.map((c) => ({ value: c.iso, label: c.name }));

export type CountrySelectProps = Omit<SelectProps, 'data'>;

/** A searchable, clearable country select. */
export function CountrySelect(props: CountrySelectProps) {
  return (
    <Select
      data={COUNTRY_SELECT_DATA}
      searchable
      clearable
      nothingFoundMessage={t.nothingFound}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

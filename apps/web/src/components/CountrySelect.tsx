import type { SelectProps } from '@mantine/core';
import { COUNTRIES } from '@spedycja/domain';
import { SearchableSelect } from './SearchableSelect.tsx';

/** Every country by its Polish name, Poland first; the value is the ISO code ('PL'). */
export const COUNTRY_SELECT_DATA = COUNTRIES.map((c) => ({ value: c.iso, label: c.name }));

export type CountrySelectProps = Omit<SelectProps, 'data'>;

/** A searchable, clearable country select: by its Polish name or its ISO code ('DE', 'de'). */
export function CountrySelect(props: CountrySelectProps) {
  return <SearchableSelect data={COUNTRY_SELECT_DATA} clearable {...props} />;
}

import type { SelectProps } from '@mantine/core';
import { COUNTRIES } from '@spedycja/domain';
import { useMemo } from 'react';
import { SearchableSelect } from './SearchableSelect.tsx';
import { useComponentTexts } from './texts.tsx';

/** Every country by its Polish name, Poland first; the value is the ISO code ('PL'). */
export const COUNTRY_SELECT_DATA = COUNTRIES.map((c) => ({ value: c.iso, label: c.name }));

/** Every country named in a language (the browser's Intl names; the Polish name where it has none), in the same order. */
export function countrySelectData(language: string | undefined): { value: string; label: string }[] {
  if (!language) return COUNTRY_SELECT_DATA;
  const names = new Intl.DisplayNames([language], { type: 'region' });
  return COUNTRIES.map((c) => {
    let label: string | undefined;
    try {
      label = names.of(c.iso);
    } catch {
      label = undefined;
    }
    return { value: c.iso, label: label && label !== c.iso ? label : c.name };
  });
}

export type CountrySelectProps = Omit<SelectProps, 'data'>;

/**
 * A searchable, clearable country select: by its name or its ISO code ('DE', 'de'); Polish names, or the language of
 * the shared components' texts (an English customer's panel, issue 37).
 */
export function CountrySelect(props: CountrySelectProps) {
  const { countryLanguage } = useComponentTexts();
  const data = useMemo(() => countrySelectData(countryLanguage), [countryLanguage]);
  return <SearchableSelect data={data} clearable {...props} />;
}

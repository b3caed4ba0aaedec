import type { ComboboxItem } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { COUNTRY_SELECT_DATA } from './CountrySelect.tsx';
import { codeOrLabelFilter } from './selectFilter.ts';

const search = (text: string) =>
  (codeOrLabelFilter({ options: COUNTRY_SELECT_DATA, search: text, limit: 500 }) as ComboboxItem[]).map((o) => o.value);

describe('a country picker search', () => {
  it('finds a country by its ISO code, upper or lower case, first', () => {
    expect(search('DE')[0]).toBe('DE');
    expect(search('de')[0]).toBe('DE');
    expect(search('cz')[0]).toBe('CZ');
  });
  it('finds a country by a part of its Polish name without minding accents', () => {
    expect(search('niem')).toEqual(['DE']);
    expect(search('wlochy')).toEqual(['IT']);
    expect(search('Włochy')).toEqual(['IT']);
  });
});

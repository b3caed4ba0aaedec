import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { CountrySelect, countrySelectData } from './CountrySelect.tsx';
import { englishComponentTexts } from './messagesEn.ts';
import { ComponentTextsProvider } from './texts.tsx';

function EnglishCountry({ onValue }: { onValue: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <CountrySelect
      label="Country"
      value={value}
      onChange={(v) => {
        setValue(v);
        onValue(v);
      }}
    />
  );
}

describe('the country select', () => {
  it('names the countries in Polish in the office, in English for an English customer (issue 37)', () => {
    const label = (language: string | undefined, iso: string) =>
      countrySelectData(language).find((c) => c.value === iso)?.label;
    expect(label(undefined, 'DE')).toBe('Niemcy');
    expect(label('en', 'DE')).toBe('Germany');
    expect(label('en', 'PL')).toBe('Poland');
    // The same countries in the same order: Poland first.
    expect(countrySelectData('en').map((c) => c.value)).toEqual(countrySelectData(undefined).map((c) => c.value));
  });

  it('shows English names inside an English panel', async () => {
    const picked: (string | null)[] = [];
    renderWithProviders(
      <ComponentTextsProvider value={englishComponentTexts}>
        <EnglishCountry onValue={(v) => picked.push(v)} />
      </ComponentTextsProvider>,
    );
    const input = screen.getByRole('combobox', { name: 'Country' }) as HTMLInputElement;
    act(() => input.focus());
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Germ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(picked.at(-1)).toBe('DE');
    expect(input.value).toBe('Germany');
  });
});

import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { CountrySelect } from './CountrySelect.tsx';
import { SearchableSelect } from './SearchableSelect.tsx';

function Country({ onValue }: { onValue: (v: string | null) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <CountrySelect
        label="Kraj"
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
      <button type="button">dalej</button>
    </>
  );
}

const type = (input: HTMLInputElement, text: string) => {
  act(() => input.focus());
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: text } });
};

describe('a searchable select takes type-and-Enter', () => {
  it('picks the first match of a typed name with Enter', () => {
    const picked: (string | null)[] = [];
    renderWithProviders(<Country onValue={(v) => picked.push(v)} />);
    const input = screen.getByRole('combobox', { name: 'Kraj' }) as HTMLInputElement;
    type(input, 'Niem');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(picked.at(-1)).toBe('DE');
    expect(input.value).toBe('Niemcy');
  });

  it('finds a country by its ISO code and Tab picks the only match', () => {
    const picked: (string | null)[] = [];
    renderWithProviders(<Country onValue={(v) => picked.push(v)} />);
    const input = screen.getByRole('combobox', { name: 'Kraj' }) as HTMLInputElement;
    type(input, 'DE');
    fireEvent.blur(input);
    expect(picked.at(-1)).toBe('DE');
    expect(input.value).toBe('Niemcy');
  });

  it('keeps an unmatched text with "Wybierz z listy" under it when left with Tab', () => {
    const picked: (string | null)[] = [];
    renderWithProviders(<Country onValue={(v) => picked.push(v)} />);
    const input = screen.getByRole('combobox', { name: 'Kraj' }) as HTMLInputElement;
    type(input, 'Xyzq');
    fireEvent.blur(input);
    expect(input.value).toBe('Xyzq');
    expect(screen.getByText('Wybierz z listy')).toBeTruthy();
    expect(picked).toEqual([]);
  });

  it('has a clear button that is no Tab stop and has a name', () => {
    renderWithProviders(
      <SearchableSelect label="Opiekun" data={[{ value: 'a', label: 'Anna Wójcik' }]} value="a" clearable />,
    );
    const clear = screen.getByRole('button', { name: 'Wyczyść' });
    expect(clear.getAttribute('tabindex')).toBe('-1');
  });

  it('keeps what is typed when a remote search brings its options, and Enter picks the first', () => {
    const picked: (string | null)[] = [];
    const { rerender } = renderWithProviders(
      <SearchableSelect label="Klient" data={[]} value={null} onChange={(v) => picked.push(v)} />,
    );
    const input = screen.getByRole('combobox', { name: 'Klient' }) as HTMLInputElement;
    type(input, 'Wójc');
    rerender(
      <SearchableSelect
        label="Klient"
        data={[
          { value: 'a', label: 'Wójcik Trans' },
          { value: 'b', label: 'Wójcicki Spedycja' },
        ]}
        value={null}
        onChange={(v) => picked.push(v)}
      />,
    );
    expect(input.value).toBe('Wójc');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(picked.at(-1)).toBe('a');
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DateInput, DateRangeInput, DateTimePicker, parsePolishDate, parsePolishDateTime } from './dates.tsx';

describe('date inputs', () => {
  it('parses what a Polish user types', () => {
    expect(parsePolishDate('05/11/2026')).toBe('2026-11-05');
    expect(parsePolishDate('5/11/2026')).toBe('2026-11-05');
    expect(parsePolishDate('2026-11-05')).toBe('2026-11-05');
    expect(parsePolishDate('31/02/2026')).toBeNull();
    expect(parsePolishDate('')).toBeNull();
  });

  it('show DD/MM/YYYY and HH:mm, DD/MM/YYYY', () => {
    renderWithProviders(
      <>
        <DateInput label="Data załadunku" value="2026-11-05" onChange={() => {}} />
        <DateTimePicker label="Data kontaktu" value="2026-11-05 14:30:00" onChange={() => {}} />
        <DateRangeInput label="Data dodania" value={['2026-11-01', '2026-11-30']} onChange={() => {}} />
      </>,
    );
    expect((screen.getByLabelText('Data załadunku') as HTMLInputElement).value).toBe('05/11/2026');
    expect((screen.getByLabelText('Data kontaktu') as HTMLInputElement).value).toBe('05/11/2026 14:30');
    expect(screen.getByText('01/11/2026 – 30/11/2026')).toBeTruthy();
  });
});

describe('a contact date typed, not only picked', () => {
  it("takes '26.11.2026 10:00' typed into the field", () => {
    const changes: (string | null)[] = [];
    renderWithProviders(<DateTimePicker label="Data kontaktu" value={null} onChange={(v) => changes.push(v)} />);
    const input = screen.getByLabelText('Data kontaktu') as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '26.11.2026 10:00' } });
    fireEvent.blur(input);
    expect(changes.at(-1)?.slice(0, 16)).toBe('2026-11-26 10:00');
  });
});

describe('a loading time typed the Polish way', () => {
  it('reads a day with a time, with dots or slashes, and a day alone', () => {
    expect(parsePolishDateTime('07.12.2026 08:00')).toBe('2026-12-07 08:00');
    expect(parsePolishDateTime('07/12/2026 8:05')).toBe('2026-12-07 08:05');
    expect(parsePolishDateTime('7.12.2026')).toBe('2026-12-07');
    expect(parsePolishDateTime('07.12.2026, 17.30')).toBe('2026-12-07 17:30');
  });
  it('refuses what is not a day or a time', () => {
    expect(parsePolishDateTime('32.12.2026 08:00')).toBeNull();
    expect(parsePolishDateTime('07.12.2026 24:00')).toBeNull();
    expect(parsePolishDateTime('jutro')).toBeNull();
  });
});

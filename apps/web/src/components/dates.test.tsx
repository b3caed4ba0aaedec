import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import {
  DateInput,
  type DateRange,
  DateRangeInput,
  DateTimePicker,
  parsePolishDate,
  parsePolishDateRange,
  parsePolishDateTime,
} from './dates.tsx';

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
    expect((screen.getByLabelText('Data dodania') as HTMLInputElement).value).toBe('01/11/2026 – 30/11/2026');
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

describe('a range of days typed, not only picked', () => {
  it('reads two days with a dash or a hyphen, one day, an open end; puts reversed ends in order', () => {
    expect(parsePolishDateRange('01.12.2026 - 07.12.2026')).toEqual(['2026-12-01', '2026-12-07']);
    expect(parsePolishDateRange('01/12/2026 – 07/12/2026')).toEqual(['2026-12-01', '2026-12-07']);
    expect(parsePolishDateRange('1.12.2026-7.12.2026')).toEqual(['2026-12-01', '2026-12-07']);
    expect(parsePolishDateRange('2026-12-01 - 2026-12-07')).toEqual(['2026-12-01', '2026-12-07']);
    expect(parsePolishDateRange('26.11.2026 10:00')).toEqual(['2026-11-26', '2026-11-26']);
    expect(parsePolishDateRange('26.11.2026')).toEqual(['2026-11-26', '2026-11-26']);
    expect(parsePolishDateRange('01/12/2026 –')).toEqual(['2026-12-01', null]);
    expect(parsePolishDateRange('– 07/12/2026')).toEqual([null, '2026-12-07']);
    expect(parsePolishDateRange('07.12.2026 - 01.12.2026')).toEqual(['2026-12-01', '2026-12-07']);
    expect(parsePolishDateRange('  ')).toEqual([null, null]);
  });
  it('refuses what is not a range of days', () => {
    expect(parsePolishDateRange('jutro')).toBeNull();
    expect(parsePolishDateRange('01.12.2026 - 32.12.2026')).toBeNull();
    expect(parsePolishDateRange('–')).toBeNull();
  });

  it('takes a range typed into the filter field when it is left, and says so when it is not one', () => {
    const changes: DateRange[] = [];
    renderWithProviders(
      <DateRangeInput label="Data załadunku" value={[null, null]} onChange={(v) => changes.push(v)} />,
    );
    const input = screen.getByLabelText('Data załadunku') as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    fireEvent.change(input, { target: { value: '01.12.2026 - 07.12.2026' } });
    fireEvent.blur(input);
    expect(changes).toEqual([['2026-12-01', '2026-12-07']]);
    fireEvent.change(input, { target: { value: '01.13.2026' } });
    fireEvent.blur(input);
    expect(changes).toHaveLength(1);
    expect(screen.getByText('Wpisz daty jako DD.MM.RRRR – DD.MM.RRRR albo jeden dzień.')).toBeTruthy();
  });

  it('empties with a × that is no Tab stop and has a name', () => {
    const changes: DateRange[] = [];
    renderWithProviders(
      <DateRangeInput label="Data dodania" value={['2026-11-01', '2026-11-30']} onChange={(v) => changes.push(v)} />,
    );
    const clear = screen.getByRole('button', { name: 'Wyczyść' });
    expect(clear.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(clear);
    expect(changes).toEqual([[null, null]]);
  });
});

describe('a day field typed with a time', () => {
  it("takes '26.11.2026 10:00' as that day (an invoice's dates)", () => {
    const changes: unknown[] = [];
    renderWithProviders(<DateInput label="Data wystawienia" value={null} onChange={(v) => changes.push(v)} />);
    const input = screen.getByLabelText('Data wystawienia') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '26.11.2026 10:00' } });
    fireEvent.blur(input);
    expect(changes.at(-1)).toBe('2026-11-26');
  });
});

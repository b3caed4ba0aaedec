import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { FilterRow } from './FilterRow.tsx';
import type { FilterDef } from './types.ts';

const filters: FilterDef[] = [
  { kind: 'text', name: 'login', label: 'Login' },
  { kind: 'numberRange', name: 'customerPrice', label: 'Cena klienta', hundredths: true },
];

describe('FilterRow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('applies by itself after the debounce', () => {
    const onApply = vi.fn();
    renderWithProviders(<FilterRow filters={filters} onApply={onApply} debounceMs={1000} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Filtr: Login' }), { target: { value: 'ja' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.change(screen.getByRole('textbox', { name: 'Filtr: Login' }), { target: { value: 'jan' } });
    act(() => vi.advanceTimersByTime(999));
    expect(onApply).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenLastCalledWith({ login: 'jan' }, expect.objectContaining({ login: 'jan' }));
  });

  it("applies at once with 'Filtruj' and resets with 'Wyczyść filtry'", () => {
    const onApply = vi.fn();
    renderWithProviders(<FilterRow filters={filters} onApply={onApply} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Filtr: Cena klienta od' }), { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }));
    expect(onApply).toHaveBeenLastCalledWith({ 'customerPrice[gte]': '1250' }, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Wyczyść filtry' }));
    expect(onApply).toHaveBeenLastCalledWith({}, expect.anything());
    expect((screen.getByRole('textbox', { name: 'Filtr: Cena klienta od' }) as HTMLInputElement).value).toBe('');
    // The pending debounce of the first change was cancelled.
    act(() => vi.advanceTimersByTime(2000));
    expect(onApply).toHaveBeenCalledTimes(2);
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CarrierPicker } from './CarrierPicker.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const carrier = (n: number, companyName: string, ocpValidTo: string | null) => ({
  '@id': `/api/carriers/0000000${n}-0000-4000-8000-000000000000`,
  '@type': 'Carrier',
  id: n,
  uuid: `0000000${n}-0000-4000-8000-000000000000`,
  companyName,
  name: null,
  nip: `526025027${n}`,
  ocpValidTo,
});

describe('CarrierPicker', () => {
  it('marks a found carrier whose OCP has ended, or ends before the unloading day, and not the others', async () => {
    const day = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');
    fetchMock.mockResolvedValue(
      json({
        'hydra:member': [
          carrier(1, 'Trans Wygasły', day(-3)),
          carrier(2, 'Trans Kończący', day(5)),
          carrier(3, 'Trans Ważny', day(60)),
          carrier(4, 'Trans Bez Polisy', null),
        ],
        'hydra:totalItems': 4,
      }),
    );
    renderWithProviders(<CarrierPicker value={null} onChange={() => {}} unloadingDate={day(10)} />);
    const input = screen.getByRole('combobox', { name: 'Przewoźnik' });
    input.focus();
    fireEvent.change(input, { target: { value: 'trans' } });
    const option = async (name: string) => (await screen.findByText(name)).closest('[role="option"]') as HTMLElement;
    expect(within(await option('Trans Wygasły')).getByText('OCP wygasło')).toBeTruthy();
    const ending = dayjs().add(5, 'day').format('DD/MM/YYYY');
    expect(within(await option('Trans Kończący')).getByText(`OCP wygasa ${ending}`)).toBeTruthy();
    expect(within(await option('Trans Ważny')).queryByRole('status')).toBeNull();
    expect(within(await option('Trans Bez Polisy')).queryByRole('status')).toBeNull();
  });
});

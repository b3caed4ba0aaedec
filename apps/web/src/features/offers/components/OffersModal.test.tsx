import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { OffersModal } from './OffersModal.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const QUERY = '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f';
const offer = (
  id: number,
  companyName: string,
  warnings: { code: string; message: string }[],
  chosenBy: string | null = null,
) => ({
  '@id': `/api/offers/0000000${id}-0000-4000-8000-000000000000`,
  '@type': 'Offer',
  id,
  uuid: `0000000${id}-0000-4000-8000-000000000000`,
  query: `/api/queries/${QUERY}`,
  carrier: {
    '@id': `/api/carriers/0000000${id}-0000-4000-8000-000000000001`,
    uuid: `0000000${id}-0000-4000-8000-000000000001`,
    companyName,
    name: null,
    phonePrefix: '+48',
    phone: '604111222',
    email: null,
    ocpValidTo: null,
    ocpSum: null,
    ocpSumCurrency: 'pln',
  },
  warnings,
  acquiredBy: 'brak',
  currency: 'pln',
  price: 420000,
  email: null,
  phonePrefix: null,
  phone: null,
  active: true,
  chosenBy,
  createdDate: '2026-11-20T09:30:00.000Z',
});

describe('OffersModal', { timeout: 20_000 }, () => {
  it("shows the red OCP mark on the row of the carrier whose policy has ended, and none on the others'", async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        json(
          String(url).includes('active=false')
            ? { 'hydra:member': [], 'hydra:totalItems': 0 }
            : {
                'hydra:member': [
                  offer(1, 'Trans-Bud', [{ code: 'ocp_expired', message: 'OCP wygasło' }]),
                  offer(2, 'Euro-Trans', []),
                ],
                'hydra:totalItems': 2,
              },
        ),
      ),
    );
    renderWithProviders(
      <OffersModal opened onClose={() => {}} queryIri={`/api/queries/${QUERY}`} queryUuid={QUERY} route="PL → DE" />,
    );
    const expired = (await screen.findByText('Trans-Bud')).closest('tr') as HTMLElement;
    expect(within(expired).getByRole('status', { name: 'Ostrzeżenia o przewoźniku' }).textContent).toBe('OCP wygasło');
    const fine = screen.getByText('Euro-Trans').closest('tr') as HTMLElement;
    expect(within(fine).queryByRole('status')).toBeNull();
  });

  it('marks the offer an order took', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        json(
          String(url).includes('active=false')
            ? { 'hydra:member': [], 'hydra:totalItems': 0 }
            : {
                'hydra:member': [offer(1, 'Trans-Bud', []), offer(2, 'Euro-Trans', [], '/api/orders/o-1')],
                'hydra:totalItems': 2,
              },
        ),
      ),
    );
    renderWithProviders(
      <OffersModal opened onClose={() => {}} queryIri={`/api/queries/${QUERY}`} queryUuid={QUERY} route="PL → DE" />,
    );
    const chosen = await screen.findByRole('row', { name: 'Oferta 2, Wybrana' });
    expect(within(chosen).getByText('Wybrana')).toBeTruthy();
    const other = screen.getByRole('row', { name: 'Oferta 1' });
    expect(within(other).queryByText('Wybrana')).toBeNull();
  });
});

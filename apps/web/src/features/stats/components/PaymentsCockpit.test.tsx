import { verificationMessages as vm } from '@spedycja/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PaymentsCockpit } from './PaymentsCockpit.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

const uuid = '0b7d6c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
const payable = {
  '@id': `/api/orders/${uuid}`,
  '@type': 'Payment',
  uuid,
  number: '57/11/2026',
  side: 'carrier',
  party: { '@id': '/api/carriers/c', uuid: 'c', companyName: 'Trans-Pol', name: null },
  amount: 2_000_000,
  currency: 'pln',
  amountPln: 2_000_000,
  paymentDate: '2026-11-01',
  paymentTerm: null,
  daysOverdue: 27,
  loadingDate: null,
  invoice: null,
  partyBalance: null,
  user: null,
  documents: { cmr: false, invoice: false, readyToPay: false },
};
const page = (members: unknown[]) => ({
  'hydra:member': members,
  'hydra:totalItems': members.length,
  totals: [{ currency: 'pln', amount: 2_000_000, count: members.length }],
});
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

describe('the payments cockpit', { timeout: 30_000 }, () => {
  it("asks an admin's reason for an account off the white list with no error notice behind the dialog", async () => {
    let paidBodies: unknown[] = [];
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        paidBodies = [...paidBodies, body];
        return body.whitelistOverride
          ? json(200, { message: 'ok' })
          : json(409, { status: 409, code: 'whitelist_unconfirmed', detail: vm.whitelistRefused });
      }
      return json(200, page(String(url).includes('side=carrier') ? [payable] : []));
    });
    renderWithProviders(<PaymentsCockpit />);
    fireEvent.click(screen.getByRole('tab', { name: 'Zobowiązania' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Oznacz jako opłacone' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Tak' }));
    await screen.findByRole('dialog', { name: 'Rachunek spoza białej listy' });
    // The dialog is the answer: no red 'Wystąpił błąd…' behind it.
    expect(document.body.textContent).not.toContain('Wystąpił błąd');
    fireEvent.change(screen.getByLabelText('Powód zapłaty mimo braku potwierdzenia'), {
      target: { value: 'Rachunek potwierdzony pisemnie' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zapłać mimo to' }));
    await waitFor(() => expect(paidBodies).toHaveLength(2));
    expect(paidBodies[1]).toEqual({ side: 'carrier', whitelistOverride: { reason: 'Rachunek potwierdzony pisemnie' } });
    expect(document.body.textContent).not.toContain('Wystąpił błąd');
  });

  it('searches the payables by order number, customer or carrier on the server, from the first page', async () => {
    fetchMock.mockImplementation(async () => json(200, page([payable])));
    renderWithProviders(<PaymentsCockpit />);
    fireEvent.click(screen.getByRole('tab', { name: 'Zobowiązania' }));
    await screen.findByRole('button', { name: 'Oznacz jako opłacone' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Filtr: Szukaj' }), { target: { value: 'Trans-Pol' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }));
    await waitFor(() => expect(urls().some((u) => u.includes('search=Trans-Pol'))).toBe(true));
    const searched = new URL(urls().find((u) => u.includes('search=Trans-Pol')) ?? '', 'http://x');
    expect(searched.searchParams.get('side')).toBe('carrier');
    expect(searched.searchParams.get('page')).toBe('1');
  });

  it('says the sums are not counted beyond the cap, and asks for a narrower filter', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, {
        ...page([payable]),
        'hydra:totalItems': 1001,
        totalItemsCapped: true,
        totals: [],
        totalsCapped: true,
      }),
    );
    renderWithProviders(<PaymentsCockpit />);
    fireEvent.click(screen.getByRole('tab', { name: 'Zobowiązania' }));
    const totals = await screen.findByTestId('payments-totals-carrier');
    await waitFor(() =>
      expect(totals.textContent).toBe('Razem: ponad 1 000 pozycji — zawęź filtry, aby zobaczyć sumy'),
    );
  });
});

import type { Invoice } from '@spedycja/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { PaymentsModal } from './PaymentsModal.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const emptyList = { 'hydra:member': [], 'hydra:totalItems': 0 };

const uuid = '2f8a1c3e-6b7d-4e9f-8a1b-3c5d7e9f1a2b';
const invoice = {
  '@id': `/api/invoices/${uuid}`,
  uuid,
  number: 'FV/7/2026',
  currency: 'pln',
  totalGross: 1230,
  paidAmount: 0,
  dueAmount: 1230,
  paid: false,
  paymentStatus: 'niezaplacona',
  daysOverdue: 0,
} as unknown as Invoice;

const bodyOf = (method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === method);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

describe('PaymentsModal', () => {
  it('takes a note typed letter by letter and books it (issue 34: the third letter crashed the page)', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit = {}) =>
      init.method === 'POST' ? json(201, { uuid: 'p1' }) : json(200, emptyList),
    );
    renderWithProviders(<PaymentsModal invoice={invoice} onClose={() => {}} />);
    const note = (await screen.findByLabelText('Uwagi')) as HTMLInputElement;
    let typed = '';
    for (const letter of 'Wpłata gotówką') {
      typed += letter;
      fireEvent.change(note, { target: { value: typed } });
    }
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Uwagi') as HTMLInputElement).value).toBe('Wpłata gotówką');
    fireEvent.click(screen.getByRole('button', { name: 'Zaksięguj płatność' }));
    await waitFor(() => expect(bodyOf('POST')).toBeDefined());
    expect(bodyOf('POST')).toMatchObject({ note: 'Wpłata gotówką', amount: 1230, method: 'przelew' });
  });
});

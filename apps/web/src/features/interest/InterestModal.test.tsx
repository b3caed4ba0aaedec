import { type Invoice, interestMessages } from '@spedycja/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { InterestModal } from './InterestModal.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const invoice = { uuid: 'inv-1', number: '7/06/2025', type: 'vat', paymentDate: '2025-06-20', paid: false } as Invoice;

/** The preview as the server gives it when NBP does not answer: the interest, no compensation. */
const previewWithoutNbp = {
  invoice: '/api/invoices/inv-1',
  number: '7/06/2025',
  currency: 'pln',
  gross: 123_000,
  dueDate: '2025-06-20',
  until: '2025-07-10',
  paidDate: null,
  daysLate: 20,
  periods: [{ from: '2025-06-21', to: '2025-07-10', days: 20, base: 123_000, rate: 1575, interest: 1062 }],
  interest: 1062,
  compensation: null,
};
const note = (overrides: Record<string, unknown>) => ({
  '@id': '/api/interest_notes/note-1',
  uuid: 'note-1',
  number: 'NO/1/11/2026',
  createdDate: '2026-11-29',
  interest: 1062,
  compensationAmount: null,
  currency: 'pln',
  warning: interestMessages.compensationWithoutNbp,
  ...overrides,
});

const fetchMock = vi.fn();
const posted: unknown[] = [];
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  fetchMock.mockReset();
  posted.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs: the note's PDF download needs one.
  URL.createObjectURL = vi.fn(() => 'blob:nota');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function serve(create: (body: unknown) => Response) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    if (key === 'GET /api/invoices/inv-1/interest') return json(200, previewWithoutNbp);
    if (key === 'GET /api/invoices/inv-1/interest_notes') return json(200, { 'hydra:member': [] });
    if (key === 'POST /api/invoices/inv-1/interest_notes') {
      const body = JSON.parse(String(init.body));
      posted.push(body);
      return create(body);
    }
    if (key === 'GET /api/interest_notes/note-1/pdf') {
      return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    }
    return json(404, { status: 404, detail: 'Nie znaleziono zasobu.' });
  });
}

describe('InterestModal without NBP', () => {
  it('makes the note of the interest alone and shows the warning', async () => {
    serve(() => json(201, note({})));
    renderWithProviders(<InterestModal invoice={invoice} onClose={() => {}} />);
    expect(await screen.findByText('Rekompensata: NBP nie odpowiedział, kurs EUR nieznany.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nota odsetkowa' }));
    expect(await screen.findByText(interestMessages.compensationWithoutNbp)).toBeTruthy();
    expect(await screen.findByText('Nota odsetkowa została utworzona!')).toBeTruthy();
    expect(posted).toEqual([{ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }]);
  });

  it('sends the rate and table the admin typed', async () => {
    serve(() => json(201, note({ compensationAmount: 17_166, warning: null })));
    renderWithProviders(<InterestModal invoice={invoice} onClose={() => {}} />);
    const rate = await screen.findByLabelText('Kurs średni EUR (NBP)');
    fireEvent.change(rate, { target: { value: '4,2915' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nota odsetkowa' }));
    // A rate without its table is refused before anything is sent.
    expect(await screen.findByText(interestMessages.compensationTableMissing)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.change(screen.getByLabelText('Numer tabeli NBP'), { target: { value: '148/A/NBP/2025' } });
    fireEvent.click(screen.getByRole('button', { name: 'Nota odsetkowa' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ compensationRate: 42_915, compensationTable: '148/A/NBP/2025' });
    expect(await screen.findByText('Nota odsetkowa została utworzona!')).toBeTruthy();
    expect(screen.queryByText(interestMessages.compensationWithoutNbp)).toBeNull();
  });

  it('a failure reads as one sentence: the action, then the server’s detail', async () => {
    serve(() => json(409, { status: 409, detail: interestMessages.noRates }));
    renderWithProviders(<InterestModal invoice={invoice} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nota odsetkowa' }));
    expect(
      await screen.findByText(
        `Wystąpił błąd podczas tworzenia noty odsetkowej! Szczegóły: ${interestMessages.noRates}`,
      ),
    ).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { OpenInvoicePicker, openInvoiceLabel } from './OpenInvoicePicker.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const invoice = (uuid: string, number: string) => ({
  '@id': `/api/invoices/${uuid}`,
  '@type': 'Invoice',
  uuid,
  number,
  customerName: 'Płatnik Sp. z o.o.',
  dueAmount: 123_000,
  currency: 'pln',
});
const A = '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7a';
const B = '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7b';

describe('OpenInvoicePicker', () => {
  it('asks the server for a page of open invoices by the typed number or buyer, never the whole list', async () => {
    fetchMock.mockResolvedValue(json(200, { 'hydra:member': [invoice(B, '912/11/2026')], 'hydra:totalItems': 1 }));
    const onChange = vi.fn();
    renderWithProviders(
      <OpenInvoicePicker
        label="Faktura: przelew"
        value={null}
        initial={{
          uuid: A,
          number: '911/11/2026',
          customerName: 'Płatnik Sp. z o.o.',
          dueAmount: 500,
          currency: 'pln',
        }}
        onChange={onChange}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Faktura: przelew' });
    // Nothing is asked before one types.
    expect(fetchMock).not.toHaveBeenCalled();
    input.focus();
    fireEvent.change(input, { target: { value: '91' } });
    // Two characters ask nothing, even after the pause.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '912' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toContain('/api/invoices?');
    expect(url).toContain('term=912');
    expect(url).toContain('paid=false');
    expect(url).toContain('itemsPerPage=20');
    fireEvent.click(await screen.findByText(openInvoiceLabel({ ...invoice(B, '912/11/2026') })));
    expect(onChange).toHaveBeenCalledWith(B);
  });

  it('says how many characters it needs before it searches', async () => {
    renderWithProviders(<OpenInvoicePicker label="Faktura: y" value={null} initial={null} onChange={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Faktura: y' });
    input.focus();
    fireEvent.change(input, { target: { value: '91' } });
    expect(await screen.findByText('Wpisz co najmniej 3 znaki numeru faktury lub nazwy klienta')).toBeTruthy();
  });

  it("shows the line's match as the chosen invoice", () => {
    const match = {
      uuid: A,
      number: '911/11/2026',
      customerName: 'Płatnik Sp. z o.o.',
      dueAmount: 500,
      currency: 'pln',
    };
    renderWithProviders(<OpenInvoicePicker label="Faktura: x" value={A} initial={match} onChange={() => {}} />);
    expect((screen.getByRole('combobox', { name: 'Faktura: x' }) as HTMLInputElement).value).toBe(
      openInvoiceLabel(match),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

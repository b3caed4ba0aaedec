import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { InvoicesPage } from './InvoicesPage.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** The /api/invoices requests made so far, as URLs. */
const listRequests = () =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://local'))
    .filter((u) => u.pathname === '/api/invoices');

describe('InvoicesPage', () => {
  it("lists every month's overdue invoices with 'Po terminie' and says so (issue 34)", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      String(url).includes('/summary') ? json({ currencies: [] }) : json({ 'hydra:member': [], 'hydra:totalItems': 0 }),
    );
    renderWithProviders(<InvoicesPage type="vat" />);
    await waitFor(() => expect(listRequests()).toHaveLength(1));
    // The month narrows the list as long as no payment state is chosen.
    expect(listRequests()[0]?.searchParams.get('createdDate[after]')).toMatch(/^\d{4}-\d{2}-01$/);

    const status = screen.getByRole('combobox', { name: 'Filtr: Stan płatności' }) as HTMLInputElement;
    act(() => status.focus());
    fireEvent.click(status);
    fireEvent.change(status, { target: { value: 'Po terminie' } });
    fireEvent.keyDown(status, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }));

    await waitFor(() => expect(listRequests().at(-1)?.searchParams.get('paymentStatus')).toBe('po_terminie'));
    const overdue = listRequests().at(-1);
    expect(overdue?.searchParams.has('createdDate[after]')).toBe(false);
    expect(overdue?.searchParams.has('createdDate[before]')).toBe(false);
    expect(
      screen.getByText('Po terminie: faktury ze wszystkich miesięcy – filtr „Miesiąc” ich nie zawęża.'),
    ).toBeTruthy();
    expect(await screen.findByText('Razem po terminie, ze wszystkich miesięcy (0)')).toBeTruthy();
  });
});

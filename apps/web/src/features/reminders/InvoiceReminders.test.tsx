import { formatDateTime, type Invoice, remindersMessages } from '@spedycja/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { InvoiceReminders } from './InvoiceReminders.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const invoice = { uuid: '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e70', paid: false, dueAmount: 123_000 } as Invoice;
const SENT_AT = '2026-12-10T09:05:00.000Z';
const reminder = {
  uuid: '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e71',
  day: 1,
  label: '1 dzień po terminie',
  language: 'pl',
  to: 'ksiegowosc@platnik.example',
  subject: 'Przypomnienie o zaległej płatności',
  dueAmount: 123_000,
  currency: 'pln',
  manual: false,
  sentAt: SENT_AT,
};
const listed = (sentAt: string | null) => ({
  'hydra:member': sentAt ? [reminder] : [],
  'hydra:totalItems': sentAt ? 1 : 0,
  plan: {
    current: { day: 1, label: '1 dzień po terminie', date: '2026-12-10', sentAt },
    next: { day: 7, label: '7 dni po terminie', date: '2026-12-16' },
  },
});

describe('InvoiceReminders', () => {
  it('disables „Wyślij przypomnienie teraz” for a step already sent and says when it went and what comes next', async () => {
    fetchMock.mockResolvedValue(json(listed(SENT_AT)));
    renderWithProviders(<InvoiceReminders invoice={invoice} />);
    const note = remindersMessages.alreadySent('1 dzień po terminie', formatDateTime(SENT_AT), {
      label: '7 dni po terminie',
      date: '16/12/2026',
    });
    expect(await screen.findByText(note)).toBeTruthy();
    expect(note).toContain('następny krok „7 dni po terminie” – 16/12/2026');
    expect(screen.getByRole('button', { name: 'Wyślij przypomnienie teraz' })).toHaveProperty('disabled', true);
  });

  it('keeps the button for a step not sent yet', async () => {
    fetchMock.mockResolvedValue(json(listed(null)));
    renderWithProviders(<InvoiceReminders invoice={invoice} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await screen.findByText('Nie wysłano jeszcze żadnego przypomnienia.');
    expect(screen.getByRole('button', { name: 'Wyślij przypomnienie teraz' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(/zostało już wysłane/)).toBeNull();
  });
});

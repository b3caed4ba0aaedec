import type { Order } from '@spedycja/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { SendOrderDialog } from './SendOrderDialog.tsx';

const party = (companyName: string, email: string | null) => ({
  '@id': '/api/customers/0b6f8e4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
  uuid: '0b6f8e4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f',
  companyName,
  name: null,
  nip: null,
  phonePrefix: '48',
  phone: null,
  email,
  streetAddress: null,
  postalCode: null,
  city: null,
  country: null,
  language: 'Polski',
});

const order = (over: Partial<Order> = {}) =>
  ({
    uuid: '6b81f04e-d7a4-4a5d-a3ac-3bb106cb0431',
    number: '12/11/2026',
    customer: party('Żabka Logistyka', 'zamowienia@zabka.example'),
    carrier: party('Przewozy Gęś', null),
    mailSentToCustomerAt: null,
    mailSentToCustomerAddress: null,
    mailSentToCarrierAt: null,
    mailSentToCarrierAddress: null,
    ...over,
  }) as Order;

describe('the send dialog', () => {
  it('says to whom and what goes, leaves out a party without an e-mail, and sends to the rest', async () => {
    const onSend = vi.fn(async () => undefined);
    const o = order();
    renderWithProviders(
      <SendOrderDialog request={{ order: o, parties: ['customer', 'carrier'] }} onSend={onSend} onCancel={() => {}} />,
    );
    expect(await screen.findByText('Żabka Logistyka <zamowienia@zabka.example>')).toBeTruthy();
    expect(screen.getByText('Załącznik: zlecenie_12-11-2026_klient.pdf')).toBeTruthy();
    expect(screen.getByText('Przewozy Gęś — Przewoźnik nie ma adresu e-mail.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij' }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith(o, ['customer']));
  });

  it('asks before sending again, with the date and the address it went to', async () => {
    const o = order({
      carrier: party('Przewozy Gęś', 'dyspozycja@ges.example'),
      mailSentToCarrierAt: '2026-11-20T09:30:00.000Z',
      mailSentToCarrierAddress: 'stary@ges.example',
    });
    renderWithProviders(
      <SendOrderDialog request={{ order: o, parties: ['carrier'] }} onSend={async () => {}} onCancel={() => {}} />,
    );
    expect(
      await screen.findByText(/^Wysłano już \d\d:\d\d, 20\/11\/2026 do stary@ges\.example — wysłać ponownie\?$/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wyślij ponownie' })).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { partyOptionLabel, pickerSearchTerm } from '../../../components/parties/PartyPicker.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { CustomerPicker, type CustomerRef } from './CustomerPicker.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const uuid = '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f';
const found = {
  '@id': `/api/customers/${uuid}`,
  '@type': 'Customer',
  id: 7,
  uuid,
  companyName: 'Łódzka Spedycja',
  name: 'Jan Kowalski',
  nip: '5260250274',
  phonePrefix: '48',
  phone: '600100200',
};

describe('pickerSearchTerm', () => {
  it('asks from three characters, and not for the chosen option’s own label', () => {
    expect(pickerSearchTerm('ło', null)).toBeNull();
    expect(pickerSearchTerm(' łód ', null)).toBe('łód');
    const label = partyOptionLabel(found);
    expect(label).toBe('Łódzka Spedycja – Jan Kowalski (NIP: 5260250274)');
    expect(pickerSearchTerm(label, label)).toBeNull();
  });
});

describe('CustomerPicker', () => {
  it('searches the server as one types and gives the chosen customer as a reference', async () => {
    fetchMock.mockResolvedValue(json(200, { 'hydra:member': [found], 'hydra:totalItems': 1 }));
    const onChange = vi.fn();
    renderWithProviders(<CustomerPicker value={null} onChange={onChange} />);
    expect((screen.getByRole('button', { name: 'Edytuj wybranego klienta' }) as HTMLButtonElement).disabled).toBe(true);
    const input = screen.getByRole('combobox', { name: 'Klient' });
    // Mantine takes a change of an input without focus for an autofill; a person focuses it first.
    input.focus();
    fireEvent.change(input, { target: { value: 'lo' } });
    expect(await screen.findByText('Wpisz co najmniej 3 znaki, aby wyszukać')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'lodz' } });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/customers?search=lodz&partial=true&itemsPerPage=10');
    fireEvent.click(await screen.findByText('NIP: 5260250274'));
    const chosen: CustomerRef = {
      '@id': found['@id'],
      uuid,
      companyName: 'Łódzka Spedycja',
      name: 'Jan Kowalski',
      nip: '5260250274',
    };
    expect(onChange).toHaveBeenCalledWith(chosen);
  });

  it("marks a debtor 'Dłużnik' among the options and under the chosen customer", async () => {
    fetchMock.mockResolvedValue(
      json(200, { 'hydra:member': [{ ...found, debtor: true, overdueAmount: 123_000 }], 'hydra:totalItems': 1 }),
    );
    const onChange = vi.fn();
    const { rerender } = renderWithProviders(<CustomerPicker value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Klient' });
    input.focus();
    fireEvent.change(input, { target: { value: 'lodz' } });
    fireEvent.click(await screen.findByText('Dłużnik'));
    const chosen = onChange.mock.calls[0]?.[0] as CustomerRef;
    expect(chosen).toMatchObject({ uuid, debtor: true, overdueAmount: 123_000 });
    rerender(<CustomerPicker value={chosen} onChange={onChange} />);
    expect(screen.getAllByText('Dłużnik').length).toBeGreaterThan(0);
  });

  it('edits the chosen customer from the button beside it', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.includes('duplicates') ? json(200, { nip: 0, phone: 0 }) : json(200, found),
    );
    const value: CustomerRef = {
      '@id': found['@id'],
      uuid,
      companyName: found.companyName,
      name: found.name,
      nip: found.nip,
    };
    renderWithProviders(<CustomerPicker value={value} onChange={() => {}} label="Klient zlecenia" />);
    expect((screen.getByRole('combobox', { name: 'Klient zlecenia' }) as HTMLInputElement).value).toBe(
      partyOptionLabel(found),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edytuj wybranego klienta' }));
    expect(await screen.findByRole('dialog', { name: 'Edytuj klienta' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/customers/${uuid}`)).toBe(true);
  });
});

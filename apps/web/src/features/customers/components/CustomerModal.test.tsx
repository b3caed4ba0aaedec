import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { updateCustomer } from '../api/updateCustomer.ts';
import { CustomerModal } from './CustomerModal.tsx';
import { CUSTOMER_FIELDS } from './customerForm.ts';

const fetchMock = vi.fn();
beforeEach(() => {
  // The notification store outlives a render: start each test with none shown or queued.
  notifications.clean();
  notifications.cleanQueue();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const uuid = '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f';
const customer = {
  '@id': `/api/customers/${uuid}`,
  '@type': 'Customer',
  id: 7,
  uuid,
  companyName: 'Trans-Pol',
  name: 'Jan Kowalski',
  phonePrefix: '48',
  phone: '600100200',
  email: null,
  streetAddress: 'Długa 5',
  postalCode: '00-001',
  city: 'Kraków',
  country: 'PL',
  nip: '5260250274',
  language: 'Polski',
  acquiredBy: 'telefon',
  createdDate: '2026-11-22T10:00:00.000Z',
};

const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method);
const noDuplicates = () => json(200, { nip: 0, phone: 0 });

// The first render loads Mantine's modules and jsdom's label queries are slow: more than the default 5 s.
describe('CustomerModal', { timeout: 45_000 }, () => {
  it("stars the company and the person's name while both are empty, then only the one given", () => {
    fetchMock.mockImplementation(async () => noDuplicates());
    renderWithProviders(<CustomerModal opened onClose={() => {}} />);
    const label = (name: string) =>
      ((screen.getByRole('textbox', { name }) as HTMLInputElement).labels?.[0]?.textContent ?? '').trim();
    expect(label('Nazwa firmy')).toBe('Nazwa firmy *');
    expect(label('Imię i nazwisko')).toBe('Imię i nazwisko *');
    fireEvent.change(screen.getByRole('textbox', { name: 'Imię i nazwisko' }), { target: { value: 'Jan Kowalski' } });
    expect(label('Nazwa firmy')).toBe('Nazwa firmy');
    expect(label('Imię i nazwisko')).toBe('Imię i nazwisko *');
  });

  it('creates a customer with every known field, null when missing, and the defaults', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit = {}) =>
      init.method === 'POST' ? json(201, customer) : noDuplicates(),
    );
    const onClose = vi.fn();
    renderWithProviders(<CustomerModal opened onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nazwa firmy' }), { target: { value: ' Trans-Pol ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Klient został pomyślnie dodany!')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const [[url, init]] = calls('POST') as [[string, RequestInit]];
    expect(url).toBe('/api/customers');
    const body = JSON.parse(String(init.body));
    expect(Object.keys(body).sort()).toEqual([...CUSTOMER_FIELDS].sort());
    expect(body).toMatchObject({
      companyName: 'Trans-Pol',
      name: null,
      phone: null,
      nip: null,
      country: null,
      acquiredBy: null,
      phonePrefix: '48',
      language: 'Polski',
    });
  });

  it('makes one request for a double click, the save button disabled meanwhile', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementation(async (_url: string, init: RequestInit = {}) =>
      init.method === 'POST'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : noDuplicates(),
    );
    const onClose = vi.fn();
    renderWithProviders(<CustomerModal opened onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nazwa firmy' }), { target: { value: 'Trans-Pol' } });
    const save = screen.getByRole('button', { name: 'Zapisz' }) as HTMLButtonElement;
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(save.disabled).toBe(true));
    release(json(201, customer));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls('POST')).toHaveLength(1);
  });

  it('refuses a duplicate with the server’s own sentence and keeps what was typed', async () => {
    const message = 'Klient o podanym numerze NIP lub numerze tel. już istnieje!';
    fetchMock.mockImplementation(async (_url: string, init: RequestInit = {}) =>
      init.method === 'POST' ? json(422, { status: 422, detail: message }) : noDuplicates(),
    );
    const onClose = vi.fn();
    renderWithProviders(<CustomerModal opened onClose={onClose} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nazwa firmy' }), { target: { value: 'Trans-Pol' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const toast = await screen.findByText(message);
    expect(toast.textContent).toBe(message);
    expect(screen.queryByText(/Wystąpił błąd/)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Nazwa firmy' }) as HTMLInputElement).value).toBe('Trans-Pol');
  });

  it('hints at a known NIP after the pause and then refuses to send it', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.startsWith('/api/customers/duplicates') ? json(200, { nip: 1, phone: 0 }) : json(201, customer),
    );
    renderWithProviders(<CustomerModal opened onClose={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nazwa firmy' }), { target: { value: 'Inna firma' } });
    fireEvent.change(screen.getByLabelText('NIP'), { target: { value: '526-025-02-74' } });
    expect(await screen.findByText('W bazie znaleziono 1 klienta z podanym numerem')).toBeTruthy();
    const [url] = fetchMock.mock.calls.at(-1) as [string];
    expect(url).toBe('/api/customers/duplicates?nip=5260250274&phonePrefix=48');
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Klient o podanym numerze NIP lub numerze tel. już istnieje!')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
  });

  it('names the customer that has a NIP typed with PL and dashes, and opens it over the form', async () => {
    const match = { '@id': customer['@id'], uuid, companyName: 'Trans-Pol', name: 'Jan Kowalski' };
    fetchMock.mockImplementation(async (url: string) => {
      if (url.startsWith('/api/customers/duplicates'))
        return json(200, { nip: 1, phone: 0, nipMatch: match, phoneMatch: null });
      return json(200, customer);
    });
    renderWithProviders(<CustomerModal opened onClose={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nazwa firmy' }), { target: { value: 'Inna firma' } });
    fireEvent.change(screen.getByLabelText('NIP'), { target: { value: 'PL 526-025-02-74' } });
    expect(await screen.findByText(/Klient z tym numerem NIP już istnieje: Trans-Pol/)).toBeTruthy();
    const [url] = fetchMock.mock.calls.at(-1) as [string];
    expect(url).toBe('/api/customers/duplicates?nip=5260250274&phonePrefix=48');
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz' }));
    // The existing customer opens over the new one, which keeps what was typed.
    expect(await screen.findByRole('dialog', { name: 'Edytuj klienta' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Kraków')).toBeTruthy();
    expect((screen.getAllByRole('textbox', { name: 'Nazwa firmy' })[0] as HTMLInputElement).value).toBe('Inna firma');
  });

  it('edits: sends only the changed fields to the customer’s address', async () => {
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') return json(200, { ...customer, city: 'Gdańsk' });
      if (url.startsWith('/api/customers/duplicates')) return noDuplicates();
      return json(200, customer);
    });
    const onSaved = vi.fn();
    renderWithProviders(<CustomerModal opened onClose={() => {}} customerUuid={uuid} onSaved={onSaved} />);
    const city = (await screen.findByLabelText('Miasto')) as HTMLInputElement;
    expect(city.value).toBe('Kraków');
    expect(screen.getByRole('dialog', { name: 'Edytuj klienta' })).toBeTruthy();
    fireEvent.change(city, { target: { value: 'Gdańsk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Klient został pomyślnie zaktualizowany!')).toBeTruthy();
    const [[url, init]] = calls('PUT') as [[string, RequestInit]];
    expect(url).toBe(`/api/customers/${uuid}`);
    expect(JSON.parse(String(init.body))).toEqual({ city: 'Gdańsk' });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ uuid, city: 'Gdańsk' }));
  });

  it('puts the server’s violations on the fields', async () => {
    const message = 'Podany numer NIP jest niepoprawny!';
    fetchMock.mockImplementation(async (_url: string, init: RequestInit = {}) =>
      init.method === 'POST'
        ? json(422, { status: 422, detail: message, violations: [{ propertyPath: 'nip', message }] })
        : noDuplicates(),
    );
    renderWithProviders(<CustomerModal opened onClose={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nazwa firmy' }), { target: { value: 'Trans-Pol' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(`Wystąpił błąd podczas tworzenia klienta! Szczegóły: ${message}`)).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('checks the form with the domain schema before calling the server', async () => {
    fetchMock.mockImplementation(async () => noDuplicates());
    renderWithProviders(<CustomerModal opened onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('NIP'), { target: { value: '1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('To pole nie może być puste!')).toBeTruthy();
    expect(screen.getByText('Podany numer NIP jest niepoprawny!')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
  });

  it('saves only itself when opened from inside another form (the picker in the query modal)', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit = {}) =>
      init.method === 'POST' ? json(201, customer) : noDuplicates(),
    );
    const outerSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={outerSubmit}>
        <CustomerModal opened onClose={() => {}} />
      </form>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Nazwa firmy' }), { target: { value: 'Trans-Pol' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Klient został pomyślnie dodany!')).toBeTruthy();
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  it('closes with the error when the customer to edit cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json(404, { status: 404, detail: 'Nie znaleziono zasobu.' }));
    const onClose = vi.fn();
    renderWithProviders(<CustomerModal opened onClose={onClose} customerUuid={uuid} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      await screen.findByText('Wystąpił błąd podczas ładowania klienta! Szczegóły: Nie znaleziono zasobu.'),
    ).toBeTruthy();
  });
});

describe('updateCustomer', () => {
  it('throws without a uuid and sends nothing', async () => {
    await expect(updateCustomer({ uuid: null, payload: { city: 'Gdańsk' } })).rejects.toThrow(
      'Brak identyfikatora rekordu do aktualizacji.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

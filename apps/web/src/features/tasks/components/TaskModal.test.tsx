import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskModal } from './TaskModal.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const TASK = '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f';
const QUERY = '0f8fad5b-d9cb-469f-a165-70867728950e';
const USER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const users = {
  'hydra:member': [{ '@id': `/api/users/${USER}`, uuid: USER, name: 'Anna Nowak', login: 'anowak' }],
  'hydra:totalItems': 1,
};

const task = {
  '@id': `/api/tasks/${TASK}`,
  '@type': 'Task',
  id: 7,
  uuid: TASK,
  status: 'wykonane',
  phonePrefix: '48',
  phone: '600100200',
  user: { '@id': `/api/users/${USER}`, uuid: USER, name: 'Anna Nowak', login: 'anowak' },
  createdBy: null,
  queryEntity: {
    '@id': `/api/queries/${QUERY}`,
    uuid: QUERY,
    id: 12,
    cargo: 'Palety',
    loadingCity: 'Łódź',
    unloadingCity: 'Berlin',
    customer: null,
  },
  orderEntity: null,
  comment: 'Oddzwonić',
  contactDate: '2026-11-22T09:30:00.000Z',
  telegramNotification: false,
  drawerNotification: true,
  createdDate: '2026-11-20T09:30:00.000Z',
  finishedDate: '2026-11-22T10:00:00.000Z',
  deletionReason: 0,
  attempts: [],
};

/** GET users and the task answer from fixtures; `write` answers the POST or PUT. */
function serve(write: () => Response | Promise<Response>) {
  fetchMock.mockImplementation((url: string, init?: RequestInit) => {
    if (!init?.method || init.method === 'GET') {
      if (url.startsWith('/api/users')) return Promise.resolve(json(200, users));
      if (url === `/api/tasks/${TASK}`) return Promise.resolve(json(200, task));
      return Promise.resolve(json(404, { status: 404, detail: 'Nie znaleziono zasobu.' }));
    }
    return Promise.resolve(write());
  });
}
const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');

// The modal brings the whole form (pickers, selects): a first render in jsdom takes seconds.
describe('TaskModal', { timeout: 20_000 }, () => {
  it('needs a contact date before anything is sent', async () => {
    serve(() => json(201, task));
    renderWithProviders(<TaskModal opened onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Dodaj zadanie' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
    expect((screen.getByRole('switch', { name: 'Powiadomienie w menu' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Powiadomienie Telegram' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('To pole nie może być puste!')).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('edits a done task back to open, sending the entry as an IRI and the date as ISO', async () => {
    serve(() => json(200, { ...task, status: 'niewykonane', finishedDate: null }));
    const onClose = vi.fn();
    renderWithProviders(<TaskModal opened taskUuid={TASK} onClose={onClose} />);
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect((status as HTMLInputElement).value).toBe('Wykonane');
    expect((screen.getByRole('combobox', { name: 'Zapytanie/Zlecenie' }) as HTMLInputElement).value).toBe(
      'Zapytanie #12: Palety, Łódź → Berlin',
    );
    fireEvent.click(status);
    fireEvent.click(await screen.findByRole('option', { name: 'Niewykonane' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = writes()[0] as [string, RequestInit];
    expect(url).toBe(`/api/tasks/${TASK}`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toMatchObject({
      status: 'niewykonane',
      entry: `/api/queries/${QUERY}`,
      user: `/api/users/${USER}`,
      phonePrefix: '48',
      phone: '600100200',
      comment: 'Oddzwonić',
      contactDate: '2026-11-22T09:30:00.000Z',
      drawerNotification: true,
      telegramNotification: false,
    });
    expect(await screen.findByText('Zadanie zostało pomyślnie zaktualizowane!')).toBeTruthy();
  });

  it("puts the server's violations on the fields and keeps what was typed", async () => {
    const message = 'Nie znaleziono powiązanego rekordu.';
    serve(() => json(422, { status: 422, detail: message, violations: [{ propertyPath: 'entry', message }] }));
    const onClose = vi.fn();
    renderWithProviders(<TaskModal opened taskUuid={TASK} onClose={onClose} />);
    const comment = await screen.findByRole('textbox', { name: 'Komentarz' });
    fireEvent.change(comment, { target: { value: 'Nowy komentarz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(`Wystąpił błąd podczas aktualizacji zadania! Szczegóły: ${message}`)).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect((screen.getByRole('textbox', { name: 'Komentarz' }) as HTMLTextAreaElement).value).toBe('Nowy komentarz');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with the error when the task to edit cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json(404, { status: 404, detail: 'Nie znaleziono zasobu.' }));
    const onClose = vi.fn();
    renderWithProviders(<TaskModal opened onClose={onClose} taskUuid={TASK} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      await screen.findByText('Wystąpił błąd podczas ładowania zadania! Szczegóły: Nie znaleziono zasobu.'),
    ).toBeTruthy();
  });
});

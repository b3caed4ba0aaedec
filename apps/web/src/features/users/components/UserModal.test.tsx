import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserModal } from './UserModal.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const created = {
  '@id': '/api/users/5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f',
  '@type': 'User',
  id: 2,
  uuid: '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f',
  login: 'jan',
  name: 'Jan Kowalski',
  roles: ['ROLE_USER'],
  phonePrefix: '48',
  phone: null,
  email: null,
  telegramUserId: null,
  createdDate: '2026-11-22T10:00:00.000Z',
};

function fill() {
  fireEvent.change(screen.getByLabelText('Login'), { target: { value: 'jan' } });
  fireEvent.change(screen.getByLabelText('Imię i nazwisko'), { target: { value: 'Jan Kowalski' } });
  fireEvent.change(screen.getByLabelText('Hasło'), { target: { value: 'tajnehaslo' } });
}

describe('UserModal', () => {
  it('validates with the domain schema before calling the server', async () => {
    renderWithProviders(<UserModal opened onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect((await screen.findAllByText('To pole nie może być puste!')).length).toBeGreaterThan(0);
    expect(screen.getByText('To pole musi zawierać minimum 8 znaków!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates one user for a double click and closes', async () => {
    let release: (r: Response) => void = () => {};
    fetchMock.mockImplementation(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const onClose = vi.fn();
    renderWithProviders(<UserModal opened onClose={onClose} />);
    fill();
    const save = screen.getByRole('button', { name: 'Zapisz' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    release(json(201, created));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users');
    expect(JSON.parse(String(init.body))).toMatchObject({
      login: 'jan',
      name: 'Jan Kowalski',
      plainPassword: 'tajnehaslo',
      roles: ['ROLE_USER'],
      phonePrefix: '48',
    });
  });

  it('puts a duplicate login on the field and keeps what was typed', async () => {
    const message = 'Użytkownik o podanym loginie już istnieje!';
    fetchMock.mockResolvedValue(
      json(422, { status: 422, detail: message, violations: [{ propertyPath: 'login', message }] }),
    );
    const onClose = vi.fn();
    renderWithProviders(<UserModal opened onClose={onClose} />);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(`Wystąpił błąd podczas tworzenia użytkownika! Szczegóły: ${message}`)).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByDisplayValue('Jan Kowalski') as HTMLInputElement).value).toBe('Jan Kowalski');
  });

  it('closes with the error when the user to edit cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json(404, { status: 404, detail: 'Nie znaleziono zasobu.' }));
    const onClose = vi.fn();
    renderWithProviders(<UserModal opened onClose={onClose} userUuid="5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f" />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(
      await screen.findByText('Wystąpił błąd podczas ładowania użytkownika! Szczegóły: Nie znaleziono zasobu.'),
    ).toBeTruthy();
  });
});

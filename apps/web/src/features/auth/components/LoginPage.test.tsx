import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Login'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Hasło'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Zaloguj' }));
}

describe('LoginPage', () => {
  it('starts with the cursor in Login (issue 34)', async () => {
    renderWithProviders(<LoginPage onLoggedIn={() => {}} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Login')));
  });

  it('does not call the server when a field is empty', async () => {
    renderWithProviders(<LoginPage onLoggedIn={() => {}} />);
    fillAndSubmit('admin', '');
    expect(await screen.findByText('Some fields are missing!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports bad credentials', async () => {
    fetchMock.mockResolvedValue(json(401, { detail: 'Nieprawidłowy login lub hasło.' }));
    renderWithProviders(<LoginPage onLoggedIn={() => {}} />);
    fillAndSubmit('admin', 'zle');
    expect(await screen.findByText('Podczas logowania wystąpił błąd!')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.getToken()).toBeNull();
  });

  it("shows the server's reason when logins are rate-limited", async () => {
    const detail = 'Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 15 min.';
    fetchMock.mockResolvedValue(json(429, { status: 429, detail }));
    renderWithProviders(<LoginPage onLoggedIn={() => {}} />);
    fillAndSubmit('admin', 'zle');
    expect(await screen.findByText(detail)).toBeTruthy();
  });

  it('stores both tokens and goes on', async () => {
    fetchMock.mockResolvedValue(json(200, { token: 'a.b.c', refreshToken: 'r1' }));
    const onLoggedIn = vi.fn();
    renderWithProviders(<LoginPage onLoggedIn={onLoggedIn} />);
    fillAndSubmit('admin', 'admin12345');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(session.getToken()).toBe('a.b.c');
    expect(session.getRefreshToken()).toBe('r1');
    expect(await screen.findByText('Logowanie przebiegło pomyślnie!')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'admin', password: 'admin12345' });
  });
});

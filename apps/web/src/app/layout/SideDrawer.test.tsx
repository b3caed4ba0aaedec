import { AppShell } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthUser, decodeToken } from '../../features/auth/claims.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { adminClaims, fakeToken, userClaims } from '../../test/tokens.ts';
import { AddActionsProvider } from '../addActions.tsx';
import { SideDrawer } from './SideDrawer.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify({ count: 150 }), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  return <output aria-label="Adres">{useLocation().pathname}</output>;
}

function renderDrawer(user: AuthUser, onToggle = () => {}, collapsed = false) {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <AddActionsProvider>
            <AppShell navbar={{ width: 272, breakpoint: 0 }}>
              <AppShell.Navbar>
                <SideDrawer user={user} collapsed={collapsed} onToggle={onToggle} onLogout={() => {}} />
              </AppShell.Navbar>
              <AppShell.Main>
                <Where />
              </AppShell.Main>
            </AppShell>
          </AddActionsProvider>
        }
      />
    </Routes>,
    { route: '/queries' },
  );
}

const admin = decodeToken(fakeToken(adminClaims)) as AuthUser;
const user = decodeToken(fakeToken(userClaims)) as AuthUser;

describe('SideDrawer', () => {
  it("shows the user's name and username and the tasks badge capped at 99+", async () => {
    renderDrawer(admin);
    expect(screen.getByText('Anna Administrator')).toBeTruthy();
    expect(screen.getByText('admin')).toBeTruthy();
    const badge = await screen.findByRole('status', { name: 'Powiadomienia o zadaniach: 99+' });
    expect(badge.textContent).toBe('99+');
    // The link around it says the count it shows (a screen reader hears what is on the screen).
    expect(screen.getByRole('link', { name: 'Pokaż zadania do wykonania teraz: 99+' })).toBeTruthy();
    // The badge's count comes from the tasks' notifications (the carrier's link asks for its own beside it).
    expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/tasks/drawerNotifications');
  });

  it('shows the admin sections only to admins', () => {
    const { unmount } = renderDrawer(admin);
    for (const name of ['Użytkownicy', 'Ustawienia', 'Statystyki', 'Faktury VAT', 'Usunięte zapytania']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    unmount();
    renderDrawer(user);
    for (const name of ['Zadania', 'Zapytania', 'Zlecenia', 'Przewoźnicy', 'Klienci', 'Telegram', 'Kalendarz']) {
      expect(screen.getByRole('link', { name })).toBeTruthy();
    }
    for (const name of ['Użytkownicy', 'Ustawienia', 'Statystyki', 'Faktury VAT', 'Usunięte zapytania']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Nowy użytkownik' })).toBeNull();
  });

  it('opens the modals of its add actions, the invoice modal preset to its type', async () => {
    renderDrawer(admin);
    fireEvent.click(screen.getByRole('button', { name: 'Nowy użytkownik' }));
    expect(await screen.findByRole('dialog', { name: 'Dodaj użytkownika' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    const path = screen.getByRole('status', { name: 'Adres' }).textContent;
    fireEvent.click(screen.getByRole('button', { name: 'Nowa faktura ProForma' }));
    expect(await screen.findByRole('dialog', { name: 'Nowa faktura ProForma' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nowe zlecenie' }));
    expect(await screen.findByRole('dialog', { name: 'Dodaj zlecenie' })).toBeTruthy();
    // A modal, not a page: the address stays.
    expect(screen.getByRole('status', { name: 'Adres' }).textContent).toBe(path);
  });

  it('has a collapse toggle; collapsed, it keeps icon links with their names', () => {
    const onToggle = vi.fn();
    const { unmount } = renderDrawer(admin, onToggle);
    fireEvent.click(screen.getByRole('button', { name: 'Zwiń menu' }));
    expect(onToggle).toHaveBeenCalled();
    unmount();
    renderDrawer(admin, onToggle, true);
    expect(screen.getByRole('button', { name: 'Rozwiń menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Użytkownicy' })).toBeTruthy();
    expect(screen.queryByText('Anna Administrator')).toBeNull();
  });
});

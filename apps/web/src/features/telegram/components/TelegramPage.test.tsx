import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { TelegramPage } from './TelegramPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const bot = (overrides: Record<string, unknown> = {}) => ({
  configured: true,
  source: 'env',
  connected: true,
  username: 'SpedycjaBot',
  name: 'Spedycja',
  webhook: false,
  error: null,
  ...overrides,
});
const me = (overrides: Record<string, unknown> = {}) => ({
  linked: true,
  telegramUserId: '5550123',
  notifyOnAssignment: true,
  notifyOnOfferVerified: true,
  linkPending: false,
  ...overrides,
});
const emptyLog = { 'hydra:member': [], 'hydra:totalItems': 0 };

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function serve(routes: Record<string, (init: RequestInit) => Response>) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url.split('?')[0]}`;
    const handler = routes[key];
    return handler ? handler(init) : json(404, { status: 404, detail: 'Nie znaleziono zasobu.' });
  });
}

describe('TelegramPage', () => {
  it('says how a bot gets connected when there is none, and offers no link', async () => {
    serve({
      'GET /api/telegram/bot': () =>
        json(200, bot({ configured: false, connected: false, source: null, username: null })),
      'GET /api/telegram/me': () => json(200, me({ linked: false, telegramUserId: null })),
      'GET /api/telegram/notifications': () => json(200, emptyLog),
    });
    renderWithProviders(<TelegramPage />);
    expect(
      await screen.findByText('Bot nie jest skonfigurowany: powiadomienia Telegram nie są wysyłane.'),
    ).toBeTruthy();
    expect(screen.getByText('Poproś administratora o podłączenie bota.')).toBeTruthy();
    // Not an admin: no token field.
    expect(screen.queryByLabelText('Token bota')).toBeNull();
    expect(await screen.findByText('Konto nie jest połączone z Telegramem.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Połącz z Telegramem' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reports a refused test message with the reason Telegram gave', async () => {
    serve({
      'GET /api/telegram/bot': () => json(200, bot()),
      'GET /api/telegram/me': () => json(200, me()),
      'GET /api/telegram/notifications': () => json(200, emptyLog),
      'POST /api/telegram/test': () =>
        json(502, {
          status: 502,
          detail:
            'Telegram nie przyjął wiadomości: Użytkownik zablokował bota lub nie rozpoczął z nim rozmowy (403: Forbidden)',
        }),
    });
    renderWithProviders(<TelegramPage />);
    expect(await screen.findByText('Połączono z botem @SpedycjaBot (Spedycja).')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Wyślij wiadomość testową' }));
    expect(
      await screen.findByText(
        'Wystąpił błąd podczas wysyłania wiadomości testowej! Szczegóły: Telegram nie przyjął wiadomości: Użytkownik zablokował bota lub nie rozpoczął z nim rozmowy (403: Forbidden)',
      ),
    ).toBeTruthy();
  });

  it('shows a link with its QR code and sees the account linked once Start was pressed', async () => {
    let linked = false;
    serve({
      'GET /api/telegram/bot': () => json(200, bot()),
      'GET /api/telegram/me': () =>
        json(200, linked ? me() : me({ linked: false, telegramUserId: null, linkPending: true })),
      'GET /api/telegram/notifications': () => json(200, emptyLog),
      'POST /api/telegram/link': () =>
        json(201, { url: 'https://t.me/SpedycjaBot?start=abcDEF123_-xyz', expiresAt: '2026-11-23T12:30:00Z' }),
    });
    renderWithProviders(<TelegramPage />);
    await screen.findByText('Połączono z botem @SpedycjaBot (Spedycja).');
    await screen.findByText('Konto nie jest połączone z Telegramem.');
    fireEvent.click(screen.getByRole('button', { name: 'Połącz z Telegramem' }));
    const link = await screen.findByRole('link', { name: 'Otwórz w Telegramie' });
    expect(link.getAttribute('href')).toBe('https://t.me/SpedycjaBot?start=abcDEF123_-xyz');
    expect(screen.getByRole('img', { name: 'Kod QR linku do bota' }).querySelectorAll('path').length).toBeGreaterThan(
      0,
    );
    linked = true;
    expect(await screen.findByText('Konto zostało połączone z Telegramem!', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Konto jest połączone z Telegramem (czat 5550123).')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Otwórz w Telegramie' })).toBeNull();
  });
});

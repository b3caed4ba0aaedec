import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { SettingsPage, settingError } from './SettingsPage.tsx';

const settings = [
  { key: 'companyName', value: 'Spedycja Przykład', uuid: '11111111-1111-4111-8111-111111111111' },
  { key: 'euroExchangeRate', value: '430', uuid: '22222222-2222-4222-8222-222222222222' },
].map((s) => ({ '@id': `/api/settings/${s.uuid}`, '@type': 'Setting', ...s }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('settingError', () => {
  it('checks the euro rate as a decimal in hundredths', () => {
    expect(settingError('euroExchangeRate', '435')).toBeNull();
    expect(settingError('euroExchangeRate', '')).toBe('To pole nie może być puste!');
    expect(settingError('euroExchangeRate', 'x')).toBe('To pole może zawierać jedynie liczbę!');
    expect(settingError('companyName', 'Firma')).toBeNull();
  });
});

describe('SettingsPage', () => {
  it('shows the euro rate as 4,30 and saves only what changed, in hundredths', async () => {
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/settings' && init.method === 'GET')
        return json(200, { 'hydra:member': settings, 'hydra:totalItems': 2 });
      return json(200, { ...settings[1], value: JSON.parse(String(init.body)).value });
    });
    renderWithProviders(<SettingsPage />);
    const rate = (await screen.findByLabelText('Kurs euro (PLN)')) as HTMLInputElement;
    expect(rate.value).toBe('4,30');
    expect((screen.getByLabelText('Nazwa firmy') as HTMLInputElement).value).toBe('Spedycja Przykład');
    fireEvent.change(rate, { target: { value: '4,35' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Ustawienia zostały pomyślnie zaktualizowane!')).toBeTruthy();
    const puts = fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
    expect(puts).toHaveLength(1);
    const [url, init] = puts[0] as [string, RequestInit];
    expect(url).toBe('/api/settings/22222222-2222-4222-8222-222222222222');
    expect(JSON.parse(String(init.body))).toEqual({ value: '435' });
  });

  it('reports a failed update and keeps the typed value', async () => {
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/settings' && init.method === 'GET')
        return json(200, { 'hydra:member': settings, 'hydra:totalItems': 2 });
      return json(500, { status: 500, detail: 'Błąd serwera' });
    });
    renderWithProviders(<SettingsPage />);
    const name = (await screen.findByLabelText('Nazwa firmy')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Nowa nazwa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(/^Wystąpił błąd podczas aktualizacji ustawień!/)).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Nazwa firmy') as HTMLInputElement).value).toBe('Nowa nazwa'));
  });
});

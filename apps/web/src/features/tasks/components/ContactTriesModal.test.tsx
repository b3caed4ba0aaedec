import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ContactTriesModal } from './ContactTriesModal.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const TASK = { uuid: '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f', id: 7 };
const attempt = (n: number, comment: string) => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  task: `/api/tasks/${TASK.uuid}`,
  date: `2026-11-2${n}T09:30:00.000Z`,
  status: 'nieudana',
  comment,
});

describe('ContactTriesModal', { timeout: 20_000 }, () => {
  it('closes with the error when the attempts cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json(500, { status: 500, detail: 'Awaria' }));
    const onClose = vi.fn();
    renderWithProviders(<ContactTriesModal opened task={TASK} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Wystąpił błąd podczas ładowania prób kontaktu! Szczegóły: Awaria')).toBeTruthy();
  });

  it('sends a PUT for each changed attempt only, then says so once', async () => {
    const attempts = [attempt(1, 'Poczta głosowa'), attempt(2, 'Nie odbiera')];
    fetchMock.mockImplementation((_url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'PUT'
          ? json(200, attempts[1])
          : json(200, { 'hydra:member': attempts, 'hydra:totalItems': 2 }),
      ),
    );
    const onClose = vi.fn();
    renderWithProviders(<ContactTriesModal opened task={TASK} onClose={onClose} />);
    const comment = await screen.findByRole('textbox', { name: 'Komentarz – Próba kontaktu 2' });
    expect((comment as HTMLInputElement).value).toBe('Nie odbiera');
    fireEvent.change(comment, { target: { value: 'Oddzwoni jutro' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(1);
    const [url, init] = puts[0] as [string, RequestInit];
    expect(url).toBe(`/api/task_contact_tries/${attempts[1]?.uuid}`);
    expect(JSON.parse(String(init.body))).toEqual({
      date: '2026-11-22T09:30:00.000Z',
      status: 'nieudana',
      comment: 'Oddzwoni jutro',
    });
    expect(await screen.findByText('Próby kontaktu zostały zaktualizowane!')).toBeTruthy();
  });
});

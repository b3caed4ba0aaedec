import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { useImportState, useImports } from './api.ts';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

const UUID = '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e80';

function HistoryAndRun() {
  const history = useImports('customers');
  const run = useImportState(UUID);
  const first = history.data?.['hydra:member'][0] as { state: string } | undefined;
  return (
    <p>
      run: {run.data?.state ?? '—'}; history: {first?.state ?? '—'}
    </p>
  );
}

describe('the imports screen’s data', () => {
  it('reads the history again when the run it shows ends (no stale "w toku" under "Import zakończony")', async () => {
    let runReads = 0;
    fetchMock.mockImplementation(async (url: string) => {
      const state = runReads >= 2 ? 'done' : 'running';
      if (url.includes('/imports?')) return json({ 'hydra:member': [{ uuid: UUID, state }], 'hydra:totalItems': 1 });
      runReads++;
      return json({ uuid: UUID, kind: 'customers', state: runReads >= 3 ? 'done' : 'running' });
    });
    renderWithProviders(<HistoryAndRun />);
    expect(await screen.findByText('run: running; history: running')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('run: done; history: done')).toBeTruthy(), { timeout: 5000 });
  });
});

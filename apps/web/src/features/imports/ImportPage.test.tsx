import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ImportPage } from './ImportPage.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const UUID = '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e80';
const record = (over: Record<string, unknown> = {}) => ({
  '@id': `/api/imports/${UUID}`,
  uuid: UUID,
  kind: 'customers',
  fileName: 'klienci.csv',
  sha256: 'a'.repeat(64),
  sheet: null,
  sheets: [],
  state: 'uploaded',
  rowCount: 2,
  processed: 0,
  mapping: { companyName: 0, country: 1, city: null },
  mappingName: null,
  duplicates: 'skip',
  createMissingParties: false,
  counts: null,
  checkCounts: null,
  columns: [
    { index: 0, header: 'Firma' },
    { index: 1, header: 'Kraj' },
    { index: 2, header: 'Siedziba' },
  ],
  createdBy: 'Admin',
  createdDate: '2026-11-29T07:00:00Z',
  finishedDate: null,
  sampleRows: [
    ['Alfa', 'Niemcy', 'Berlin'],
    ['Beta', 'Narnia', 'Nigdzie'],
  ],
  preview: [
    {
      row: 2,
      errors: [],
      cells: [
        { field: 'companyName', source: 'Alfa', value: 'Alfa', display: 'Alfa' },
        { field: 'country', source: 'Niemcy', value: 'DE', display: 'DE (Niemcy)' },
      ],
    },
    {
      row: 3,
      errors: ['Kraj: Nieznany kraj: Narnia'],
      cells: [
        { field: 'companyName', source: 'Beta', value: 'Beta', display: 'Beta' },
        { field: 'country', source: 'Narnia', value: null, display: '', error: 'Nieznany kraj: Narnia' },
      ],
    },
  ],
  ...over,
});

describe('ImportPage', () => {
  it('shows the preview with the refused cell in red, sends a changed column and the dry run', async () => {
    const puts: unknown[] = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.includes('/imports?')) return json(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
      if (url.endsWith('/mapping')) {
        puts.push(JSON.parse(String(init?.body)));
        return json(200, record({ mapping: { companyName: 0, country: 1, city: 2 } }));
      }
      if (url.endsWith('/check'))
        return json(200, {
          counts: { new: 1, updated: 0, duplicate: 0, error: 1 },
          errors: [{ row: 3, message: 'Kraj: Nieznany kraj: Narnia' }],
        });
      return json(201, Object.assign(record(), { proposedMapping: record().mapping }));
    });
    const { container } = renderWithProviders(<ImportPage kind="customers" />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['Firma;Kraj;Siedziba\n'], 'klienci.csv', { type: 'text/csv' })] },
    });
    const preview = await screen.findByRole('table', { name: 'Podgląd (pierwsze 50 wierszy po normalizacji)' });
    expect(preview.textContent).toContain('DE (Niemcy)');
    const red = container.querySelector('td[data-error="true"]');
    expect(red?.textContent).toContain('Nieznany kraj: Narnia');

    fireEvent.click(screen.getByRole('button', { name: 'Sprawdź' }));
    expect(await screen.findByText('Błędy: 1')).toBeTruthy();
    expect(screen.getByText('Wiersz 3: Kraj: Nieznany kraj: Narnia')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Uzupełnij tylko puste pola' }));
    await waitFor(() => expect(puts).toEqual([{ duplicates: 'fill' }]));
  });
});

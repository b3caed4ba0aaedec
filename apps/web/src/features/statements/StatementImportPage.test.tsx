import { statementsMessages, verificationMessages } from '@spedycja/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { StatementImportPage } from './StatementImportPage.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const LINE = '/api/bank_statement_lines/5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e71';
const ORDER = '/api/orders/5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e72';
const statement = (booked: boolean) => ({
  '@id': '/api/bank_statements/5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e70',
  '@type': 'BankStatement',
  uuid: '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e70',
  fileName: 'wyciag.sta',
  format: 'mt940',
  bank: null,
  createdAt: '2026-11-27T10:00:00Z',
  lineCount: 1,
  bookedCount: booked ? 1 : 0,
  lines: [
    {
      '@id': LINE,
      uuid: '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e71',
      date: '2026-11-21',
      amount: -2_000_000,
      currency: 'pln',
      title: 'Transport listopad',
      counterpartyName: 'TRANS-POL',
      counterpartyAccount: '10105000997603123456789123',
      bookedAt: booked ? '2026-11-27T10:01:00Z' : null,
      match: {
        confidence: 'pewne',
        invoice: null,
        order: { '@id': ORDER, uuid: '5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e72', number: '12/11/2026', carrierName: 'X' },
      },
    },
  ],
});

const MT940 = ':20:X\n:25:/PL61109010140000071219812874\n:61:2611211121D20000,00NTRFNONREF//\n:86:Transport\n';

describe('StatementImportPage', () => {
  it('names a debit the white list refused and books it again with the admin’s reason', async () => {
    const books: unknown[] = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/history') || url.endsWith('/bank_csv_mappings')) {
        return json(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
      }
      if (url.endsWith('/book')) {
        const body = JSON.parse(String(init?.body));
        books.push(body);
        return body.lines[0].whitelistOverride
          ? json(200, {
              ...statement(true),
              message: statementsMessages.booked(1),
              refused: [],
              warnings: [{ line: LINE, message: verificationMessages.whitelistUnconfirmed }],
            })
          : json(200, {
              ...statement(false),
              message: statementsMessages.bookedRefused(0, 1),
              refused: [
                { line: LINE, message: verificationMessages.whitelistUnconfirmed, code: 'whitelist_unconfirmed' },
              ],
              warnings: [],
            });
      }
      return json(201, { ...statement(false), duplicateCount: 0 });
    });
    const { container } = renderWithProviders(<StatementImportPage />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([MT940], 'wyciag.sta', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Wczytaj wyciąg' }));
    await screen.findByText('Transport listopad');

    fireEvent.click(screen.getByRole('button', { name: 'Zaksięguj' }));
    expect(await screen.findByText(statementsMessages.bookedRefused(0, 1))).toBeTruthy();
    expect(screen.getByText(`Nie zaksięgowano: ${verificationMessages.whitelistUnconfirmed}`)).toBeTruthy();
    expect(books[0]).toEqual({ lines: [{ line: LINE, order: ORDER }] });

    const reason = screen.getByRole('textbox', { name: 'Powód zapłaty mimo braku rachunku na białej liście' });
    fireEvent.change(reason, { target: { value: 'Rachunek potwierdzony pisemnie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zaksięguj' }));
    await waitFor(() => expect(books).toHaveLength(2));
    expect(books[1]).toEqual({
      lines: [{ line: LINE, order: ORDER, whitelistOverride: { reason: 'Rachunek potwierdzony pisemnie' } }],
    });
    expect(await screen.findByText(`Ostrzeżenie: ${verificationMessages.whitelistUnconfirmed}`)).toBeTruthy();
    expect(screen.getByText('zaksięgowana')).toBeTruthy();
  });
});

const CSV_HEADER = 'Data operacji;Kwota;Tytuł;Kontrahent;Rachunek kontrahenta';
const SAVED = {
  bank: 'Bank Spółdzielczy',
  mapping: { bank: 'Bank Spółdzielczy', date: 'Data operacji', amount: 'Kwota', title: 'Tytuł', name: 'Kontrahent' },
  updatedAt: '2026-11-27T10:00:00Z',
};

/** Renders the page with a CSV chosen; returns the mappings the uploads sent. */
async function withCsv() {
  const sent: unknown[] = [];
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/bank_csv_mappings')) return json(200, { 'hydra:member': [SAVED], 'hydra:totalItems': 1 });
    if (url.endsWith('/history')) return json(200, { 'hydra:member': [], 'hydra:totalItems': 0 });
    const form = init?.body as FormData;
    sent.push(JSON.parse(String(form.get('mapping'))));
    return json(201, { ...statement(false), duplicateCount: 0 });
  });
  const { container } = renderWithProviders(<StatementImportPage />);
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  const csv = `${CSV_HEADER}\n20.11.2026;1 230,00;Faktura 906/11/2026;Płatnik;\n`;
  fireEvent.change(input, { target: { files: [new File([csv], 'wyciag.csv', { type: 'text/csv' })] } });
  await screen.findByRole('group', { name: 'Kolumny pliku CSV' });
  return sent;
}

const pick = (label: string, option: string) => {
  const select = screen.getByRole('combobox', { name: label }) as HTMLInputElement;
  act(() => select.focus());
  fireEvent.click(select);
  fireEvent.change(select, { target: { value: option } });
  fireEvent.keyDown(select, { key: 'Enter' });
};

describe('the CSV mapping form (issue 34)', () => {
  it("offers the file's columns in a select per part and sends the chosen mapping with the bank", async () => {
    const sent = await withCsv();
    // No raw JSON any more: a select per part of an operation.
    expect(screen.queryByRole('textbox', { name: /JSON/ })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Bank (mapowanie CSV)' }), { target: { value: 'Mój Bank' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wczytaj wyciąg' }));
    expect(await screen.findByText('Wskaż kolumny: data operacji, kwota i tytuł.')).toBeTruthy();
    pick('Data operacji', 'Data operacji');
    pick('Kwota', 'Kwota');
    pick('Tytuł', 'Tytuł');
    pick('Rachunek kontrahenta', 'Rachunek kontrahenta');
    fireEvent.click(screen.getByRole('button', { name: 'Wczytaj wyciąg' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      bank: 'Mój Bank',
      header: true,
      date: 'Data operacji',
      amount: 'Kwota',
      title: 'Tytuł',
      account: 'Rachunek kontrahenta',
    });
  });

  it("fills the form with a bank's saved mapping when that bank is chosen", async () => {
    const sent = await withCsv();
    fireEvent.change(screen.getByRole('combobox', { name: 'Bank (mapowanie CSV)' }), {
      target: { value: 'Bank Spółdzielczy' },
    });
    expect(await screen.findByText('Wczytano zapisane mapowanie banku „Bank Spółdzielczy”.')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Kontrahent' }) as HTMLInputElement).value).toBe('Kontrahent');
    fireEvent.click(screen.getByRole('button', { name: 'Wczytaj wyciąg' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ ...SAVED.mapping, header: true });
  });
});

import { invoiceMessages } from '@spedycja/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { useCreateInvoice } from './mutations.ts';

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function Save() {
  const create = useCreateInvoice();
  return (
    <button type="button" onClick={() => create.mutate({ type: 'vat' } as Parameters<typeof create.mutate>[0])}>
      Zapisz
    </button>
  );
}

describe('saving a new invoice', () => {
  it("shows the server's warning of a back-dated invoice beside the success (issue 34)", async () => {
    const warning = invoiceMessages.datedBeforeLast('2/06/2026', '1/06/2026', '20/06/2026');
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ uuid: 'x', number: '2/06/2026', warning }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    renderWithProviders(<Save />);
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText(warning)).toBeTruthy();
    expect(await screen.findByText(invoiceMessages.created)).toBeTruthy();
  });
});

import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FilterDef } from '../FilterRow/types.ts';
import { useListState } from './useListState.ts';

const defs: FilterDef[] = [{ kind: 'text', name: 'cargo', label: 'Towar' }];

function OrdersList() {
  const { filterValues, setFilters } = useListState(defs);
  return (
    <>
      <output>{String(filterValues.cargo ?? '')}</output>
      <button type="button" onClick={() => setFilters({ cargo: 'Palety' }, { cargo: 'Palety' })}>
        Filtruj
      </button>
    </>
  );
}

/** The app's router shape: the list, and another screen whose code loads when it is first visited. */
function appRouter() {
  let loaded: () => void = () => {};
  const invoicesLoaded = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  const router = createMemoryRouter(
    [
      { path: '/orders', Component: OrdersList },
      {
        path: '/invoices/vat',
        lazy: async () => {
          await invoicesLoaded;
          return { Component: () => <h1>Faktury VAT</h1> };
        },
      },
    ],
    { initialEntries: ['/orders'] },
  );
  return { router, finishLoadingInvoices: () => loaded() };
}

describe('a list state kept in the address', () => {
  it('writes an applied filter to the address', async () => {
    const { router } = appRouter();
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?f=${encodeURIComponent('{"cargo":"Palety"}')}`));
    expect(screen.getByRole('status').textContent).toBe('Palety');
  });

  it('does not take the dispatcher back to the list when a filter applies while the next screen loads', async () => {
    // CI: a filter's debounce (1 s) fired while 'Faktury VAT' was loading; its address write was a navigation of its
    // own, the router gave up the click for it, and the dispatcher stayed on the orders list.
    const { router, finishLoadingInvoices } = appRouter();
    render(<RouterProvider router={router} />);
    let leaving: Promise<void> = Promise.resolve();
    act(() => {
      leaving = router.navigate('/invoices/vat');
    });
    expect(router.state.navigation.state).toBe('loading');
    fireEvent.click(screen.getByRole('button', { name: 'Filtruj' }));
    await act(async () => {
      finishLoadingInvoices();
      await leaving;
    });
    expect(router.state.location.pathname).toBe('/invoices/vat');
    expect(await screen.findByRole('heading', { name: 'Faktury VAT' })).toBeTruthy();
  });
});

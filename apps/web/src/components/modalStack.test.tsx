import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { AppModal } from './AppModal.tsx';

function Nested() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  return (
    <>
      <AppModal opened={outer} onClose={() => setOuter(false)} title="Zewnętrzne">
        <button type="button" onClick={() => setInner(true)}>
          Otwórz
        </button>
      </AppModal>
      <AppModal opened={inner} onClose={() => setInner(false)} title="Wewnętrzne">
        treść
      </AppModal>
    </>
  );
}

describe('modals opened from a modal', () => {
  it('close one at a time with Esc, the topmost first', async () => {
    renderWithProviders(<Nested />);
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz' }));
    await screen.findByRole('dialog', { name: 'Wewnętrzne' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Wewnętrzne' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Zewnętrzne' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zewnętrzne' })).toBeNull());
  });
});

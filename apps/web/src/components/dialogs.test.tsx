import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ReasonPrompt } from './ReasonPrompt.tsx';

describe('ConfirmDialog', () => {
  it("asks with 'Tak' / 'Nie' and waits for the confirmation to finish", async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog opened title="Usuwanie" text="Na pewno?" onConfirm={onConfirm} onCancel={onCancel} />,
    );
    expect(screen.getByRole('dialog', { name: 'Usuwanie' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tak' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tak' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button', { name: 'Nie' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Nie' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Nie' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('takes custom labels', () => {
    renderWithProviders(
      <ConfirmDialog
        opened
        title="Faktura"
        text="Wystawić fakturę ProForma?"
        confirmLabel="Wystaw"
        cancelLabel="Później"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Wystaw' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Później' })).toBeTruthy();
  });
});

describe('ReasonPrompt', () => {
  it("defaults to reason 1 'Błędne dane'", async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <ReasonPrompt opened title="Podaj powód usunięcia zapytania" onConfirm={onConfirm} onCancel={() => {}} />,
    );
    expect(screen.getByRole('dialog', { name: 'Podaj powód usunięcia zapytania' })).toBeTruthy();
    expect(screen.getAllByLabelText('Powód usunięcia').length).toBeGreaterThan(0);
    expect(screen.getByDisplayValue('Błędne dane')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Usuń' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(1));
  });
});

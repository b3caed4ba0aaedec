import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/apiClient.ts';
import { renderWithProviders } from '../test/render.tsx';
import { InlineEditDialog } from './InlineEditDialog.tsx';

describe('InlineEditDialog', () => {
  it('saves only its field as a partial update and closes', async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<InlineEditDialog label="Towar" field="cargo" value="stal" onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: /Edytuj: Towar/ }));
    const input = screen.getByRole('textbox', { name: 'Towar' }) as HTMLInputElement;
    expect(input.value).toBe('stal');
    fireEvent.change(input, { target: { value: 'drewno' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ cargo: 'drewno' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the typed value and shows the error when saving fails', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValue(new ApiError(422, 'x', [{ propertyPath: 'cargo', message: 'To pole nie może być puste!' }]));
    renderWithProviders(<InlineEditDialog label="Towar" field="cargo" value="stal" onSave={onSave} />);
    fireEvent.click(screen.getByRole('button', { name: /Edytuj: Towar/ }));
    const input = screen.getByRole('textbox', { name: 'Towar' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('To pole nie może być puste!')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Towar' }) as HTMLInputElement).value).toBe(' ');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("cancels with 'Anuluj' without saving", async () => {
    const onSave = vi.fn();
    renderWithProviders(<InlineEditDialog label="Towar" field="cargo" value={null} onSave={onSave} />);
    expect(screen.getByRole('button', { name: /Edytuj: Towar/ }).textContent).toBe('Brak (Edytuj: Towar)');
    fireEvent.click(screen.getByRole('button', { name: /Edytuj: Towar/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the whole patch of a cell that edits several fields', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValue(
        new ApiError(422, 'x', [
          { propertyPath: 'customerPriceCurrency', message: 'Wybierz jedną z dostępnych wartości!' },
        ]),
      );
    renderWithProviders(
      <InlineEditDialog
        label="Cena"
        field="price"
        value="100"
        toPatch={(v) => ({ customerPrice: Number(v) * 100, customerPriceCurrency: 'usd' })}
        onSave={onSave}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Edytuj: Cena/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ customerPrice: 10000, customerPriceCurrency: 'usd' }));
    expect(await screen.findByText('Wybierz jedną z dostępnych wartości!')).toBeTruthy();
  });
});

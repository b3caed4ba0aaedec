import { verificationMessages as vm } from '@spedycja/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/apiClient.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  carrierUnverifiedMessage,
  isWhitelistUnconfirmed,
  WhitelistOverrideDialog,
} from './WhitelistOverrideDialog.tsx';

describe('the override dialog', () => {
  it("tells an unverified carrier's 422 apart from other refusals", () => {
    const message = vm.carrierUnverified('brak sprawdzenia w GUS lub VIES');
    expect(carrierUnverifiedMessage(new ApiError(422, message, [{ propertyPath: 'carrier', message }]))).toBe(message);
    expect(carrierUnverifiedMessage(new ApiError(422, 'x', [{ propertyPath: 'carrier', message: 'Wybierz' }]))).toBe(
      null,
    );
    expect(carrierUnverifiedMessage(new ApiError(403, message))).toBeNull();
    expect(carrierUnverifiedMessage(new Error(message))).toBeNull();
    expect(isWhitelistUnconfirmed(new ApiError(409, vm.whitelistRefused))).toBe(true);
    expect(isWhitelistUnconfirmed(new ApiError(409, 'Zlecenie zostało już opłacone.'))).toBe(false);
  });

  it("asks the carrier kind's reason under the server's message and sends it", async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const message = vm.carrierUnverified('brak ważnego OCP');
    renderWithProviders(
      <WhitelistOverrideDialog kind="carrier" opened message={message} onConfirm={onConfirm} onCancel={() => {}} />,
    );
    expect(await screen.findByText(message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz mimo to' }));
    expect(await screen.findByText(vm.overrideReasonRequired)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Powód zapisu mimo braku weryfikacji'), {
      target: { value: 'Stały partner' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz mimo to' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Stały partner'));
  });

  it("keeps the white list's words for a payment", async () => {
    renderWithProviders(<WhitelistOverrideDialog opened onConfirm={vi.fn()} onCancel={() => {}} />);
    expect(await screen.findByText(vm.whitelistUnconfirmed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zapłać mimo to' })).toBeTruthy();
  });
});

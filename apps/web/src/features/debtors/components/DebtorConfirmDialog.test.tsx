import { debtorMessages as dm, formatMoney } from '@spedycja/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { DebtorBadge } from './DebtorBadge.tsx';
import { type DebtorAsk, DebtorConfirmDialog } from './DebtorConfirmDialog.tsx';

const ask = (fields: Partial<DebtorAsk> = {}): DebtorAsk => ({
  customerName: 'Zwłoka Sp. z o.o.',
  overdueAmount: 774_900,
  blocking: false,
  admin: false,
  ...fields,
});

describe('the debtor confirmation', () => {
  it('names the overdue amount and confirms without a reason when orders are not blocked', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(<DebtorConfirmDialog ask={ask()} onConfirm={onConfirm} onCancel={onCancel} />);
    expect(await screen.findByText(dm.confirmText(formatMoney(774_900, 'pln')))).toBeTruthy();
    expect(screen.getByText(/7\s?749,00/)).toBeTruthy();
    expect(screen.queryByLabelText(new RegExp(dm.reasonLabel))).toBeNull();
    expect(screen.queryByText(dm.blockedInfo)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(onCancel).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: dm.confirm }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(undefined));
  });

  it("with blocking on asks an administrator's reason and sends it", async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <DebtorConfirmDialog ask={ask({ blocking: true, admin: true })} onConfirm={onConfirm} onCancel={() => {}} />,
    );
    expect(await screen.findByText(dm.blockedInfo)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: dm.confirm }));
    expect(await screen.findByText(dm.reasonRequired)).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(new RegExp(dm.reasonLabel)), {
      target: { value: '  Zapłacą w piątek  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: dm.confirm }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('Zapłacą w piątek'));
  });

  it('with blocking on a dispatcher has no reason to give (the server answers the 422 naming the invoices)', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <DebtorConfirmDialog ask={ask({ blocking: true })} onConfirm={onConfirm} onCancel={() => {}} />,
    );
    expect(await screen.findByText(dm.blockedInfo)).toBeTruthy();
    expect(screen.queryByLabelText(new RegExp(dm.reasonLabel))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: dm.confirm }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(undefined));
  });

  it('is closed without a question', () => {
    renderWithProviders(<DebtorConfirmDialog ask={null} onConfirm={vi.fn()} onCancel={() => {}} />);
    expect(screen.queryByText(dm.confirmTitle)).toBeNull();
  });

  it("the badge reads 'Dłużnik' for a debtor only", () => {
    renderWithProviders(
      <>
        <DebtorBadge debtor overdueAmount={123_000} />
        <DebtorBadge debtor={false} overdueAmount={0} />
      </>,
    );
    expect(screen.getAllByText('Dłużnik')).toHaveLength(1);
  });
});

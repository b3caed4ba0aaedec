import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useUncontrolledForm } from '../../../components/FormFields.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { emptyOcpForm, OcpFields } from './OcpFields.tsx';
import { VerificationBadge } from './VerificationBadge.tsx';

describe('the Weryfikacja cell (issue 34: an empty pill at 1366 px, NIEZ… at 1920)', () => {
  it('shows a short word and gives the whole status to screen readers', () => {
    renderWithProviders(
      <>
        <VerificationBadge status="niezweryfikowany" verifiedAt={null} compact />
        <VerificationBadge status="zweryfikowany" verifiedAt="2026-11-12T10:00:00.000Z" compact />
        <VerificationBadge status="wygasla" verifiedAt="2025-01-02T10:00:00.000Z" compact />
      </>,
    );
    for (const [short, whole] of [
      ['Nie', 'Niezweryfikowany'],
      ['Tak', 'Zweryfikowany 12/11/2026'],
      ['Wygasła', 'Weryfikacja wygasła'],
    ] as const) {
      const word = screen.getByText(short, { exact: true });
      expect(word.getAttribute('aria-hidden')).toBe('true');
      expect(screen.getByText(whole, { exact: true })).toBeTruthy();
    }
  });

  it('shows the whole status where there is room (the modal, the order form): its text is the label alone', () => {
    renderWithProviders(<VerificationBadge status="zweryfikowany" verifiedAt="2026-11-12T10:00:00.000Z" />);
    const label = screen.getByText('Zweryfikowany 12/11/2026', { exact: true });
    expect(label.closest('.mantine-Badge-root')?.textContent).toBe('Zweryfikowany 12/11/2026');
    expect(screen.queryByText('Tak', { exact: true })).toBeNull();
  });
});

function Ocp({ sum }: { sum: number }) {
  const form = useUncontrolledForm({ initialValues: { ...emptyOcpForm(), ocpSum: sum } });
  return <OcpFields form={form} />;
}

describe('the OCP sum', () => {
  it('reads as every amount, 300 000,00 zł, and is edited as a plain figure (issue 34)', () => {
    renderWithProviders(<Ocp sum={30_000_000} />);
    const sum = screen.getByLabelText('Suma ubezpieczenia OCP') as HTMLInputElement;
    expect(sum.value).toBe('300 000,00 zł');
    fireEvent.focus(sum);
    expect(sum.value).toBe('300000,00');
    fireEvent.change(sum, { target: { value: '250000' } });
    fireEvent.blur(sum);
    expect(sum.value).toBe('250 000,00 zł');
  });
});

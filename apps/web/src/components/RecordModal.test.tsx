import { SegmentedControl, TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DateInput } from './dates.tsx';
import { RecordModal } from './RecordModal.tsx';

function NewRecord({ loading, dateFirst = false }: { loading: boolean; dateFirst?: boolean }) {
  return (
    <RecordModal opened onClose={() => {}} title="Nowa faktura" loading={loading} loadFailed={false}>
      <form>
        <SegmentedControl aria-label="Rodzaj" data={['VAT', 'ProForma']} />
        {dateFirst && <DateInput label="Data wystawienia" value={null} onChange={() => {}} />}
        <TextInput label="Nabywca" />
        <TextInput label="NIP" />
      </form>
    </RecordModal>
  );
}

describe('a record modal', () => {
  it('opens a new record with the cursor in its first field, not on the × (issue 34)', async () => {
    renderWithProviders(<NewRecord loading={false} />);
    const first = await screen.findByLabelText('Nabywca');
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('moves the cursor to the first field when the form comes after loading', async () => {
    const { rerender } = renderWithProviders(<NewRecord loading />);
    await screen.findByRole('status');
    // The focus trap has run meanwhile and put the cursor on the ×.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Zamknij'));
    rerender(<NewRecord loading={false} />);
    const first = await screen.findByLabelText('Nabywca');
    await waitFor(() => expect(document.activeElement).toBe(first));
  });

  it('skips a field that opens a dropdown when focused (a date picker): Esc must still close the modal', async () => {
    renderWithProviders(<NewRecord loading={false} dateFirst />);
    const first = await screen.findByLabelText('Nabywca');
    await waitFor(() => expect(document.activeElement).toBe(first));
  });
});

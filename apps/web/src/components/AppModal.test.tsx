import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSaveSubmit } from '../lib/forms.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AppModal } from './AppModal.tsx';
import { FormActions } from './FormActions.tsx';
import { FormTextInput, useUncontrolledForm } from './FormFields.tsx';

/** A record modal as the app's are: the modal, and inside it a Mantine form with useSaveSubmit and FormActions. */
function FormModal({ onSave }: { onSave: (values: { city: string; country: string | null }) => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <AppModal opened={opened} onClose={() => setOpened(false)} title="Formularz">
      <CityForm onSave={onSave} onCancel={() => setOpened(false)} />
    </AppModal>
  );
}

function CityForm({
  onSave,
  onCancel,
}: {
  onSave: (values: { city: string; country: string | null }) => void;
  onCancel: () => void;
}) {
  const form = useForm({ initialValues: { city: '', country: null as string | null } });
  const runSave = useSaveSubmit(form);
  return (
    <form onSubmit={form.onSubmit((values) => runSave(async () => onSave(values)))}>
      <TextInput label="Miasto" {...form.getInputProps('city')} />
      <Select label="Kraj" data={['Polska', 'Niemcy']} {...form.getInputProps('country')} />
      <FormActions saving={false} onCancel={onCancel} />
    </form>
  );
}

const dialog = () => screen.queryByRole('dialog', { name: 'Formularz' });

describe('a record modal', () => {
  it('closes at once with Esc while nothing was typed', async () => {
    renderWithProviders(<FormModal onSave={() => {}} />);
    await screen.findByRole('dialog', { name: 'Formularz' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('closes only the open dropdown on Esc, keeping the modal and what was typed', async () => {
    renderWithProviders(<FormModal onSave={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Miasto'), { target: { value: 'Poznań' } });
    const country = screen.getAllByLabelText('Kraj')[0] as HTMLElement;
    fireEvent.click(country);
    await screen.findByRole('option', { name: 'Niemcy' });
    fireEvent.keyDown(country, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Niemcy' })).toBeNull());
    expect(dialog()).not.toBeNull();
    expect(screen.queryByText('Masz niezapisane zmiany. Zamknąć bez zapisywania?')).toBeNull();
    expect((screen.getByLabelText('Miasto') as HTMLInputElement).value).toBe('Poznań');
  });

  it('asks before closing with unsaved changes: Esc, the ×, Anuluj', async () => {
    renderWithProviders(<FormModal onSave={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Miasto'), { target: { value: 'Poznań' } });
    for (const close of [
      () => fireEvent.keyDown(document.body, { key: 'Escape' }),
      () => fireEvent.click(screen.getByRole('button', { name: 'Zamknij' })),
      () => fireEvent.click(screen.getByRole('button', { name: 'Anuluj' })),
    ]) {
      close();
      await screen.findByText('Masz niezapisane zmiany. Zamknąć bez zapisywania?');
      fireEvent.click(screen.getByRole('button', { name: 'Wróć do edycji' }));
      await waitFor(() => expect(screen.queryByText('Masz niezapisane zmiany. Zamknąć bez zapisywania?')).toBeNull());
      expect((screen.getByLabelText('Miasto') as HTMLInputElement).value).toBe('Poznań');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Zamknij bez zapisywania' }));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('does not save on Enter in a field; saves on Ctrl+Enter', async () => {
    const onSave = vi.fn();
    renderWithProviders(<FormModal onSave={onSave} />);
    const city = await screen.findByLabelText('Miasto');
    fireEvent.change(city, { target: { value: 'Poznań' } });
    const enter = fireEvent.keyDown(city, { key: 'Enter' });
    expect(enter).toBe(false); // the browser's implicit submission is prevented
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.keyDown(city, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ city: 'Poznań', country: null }));
  });

  it('asks on Esc pressed at once after a paste, before the form has re-rendered as dirty', async () => {
    renderWithProviders(<FormModal onSave={() => {}} />);
    const city = await screen.findByLabelText('Miasto');
    // The paste and the Esc in one batch: React renders only after both, so the rendered dirtiness still says clean.
    act(() => {
      fireEvent.paste(city, { clipboardData: { getData: () => 'Gdańsk' } });
      fireEvent.change(city, { target: { value: 'Gdańsk' } });
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    await screen.findByText('Masz niezapisane zmiany. Zamknąć bez zapisywania?');
    expect(dialog()).not.toBeNull();
  });

  it('closes the unsaved-changes question on Esc and goes back to the form with what was typed', async () => {
    renderWithProviders(<FormModal onSave={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Miasto'), { target: { value: 'Poznań' } });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    const keep = await screen.findByRole('button', { name: 'Wróć do edycji' });
    // Esc where the question has put the focus: on its own button.
    fireEvent.keyDown(keep, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByText('Masz niezapisane zmiany. Zamknąć bez zapisywania?')).toBeNull());
    expect(dialog()).not.toBeNull();
    expect((screen.getByLabelText('Miasto') as HTMLInputElement).value).toBe('Poznań');
  });
});

/** A field that breaks the render of its form once it holds 'boom' (a bug in a modal's content). */
function Exploding({ value }: { value: string }) {
  if (value.includes('boom')) throw new Error('Nie można odczytać wartości');
  return null;
}

function CrashingModal() {
  const [opened, setOpened] = useState(true);
  return (
    <main>
      <h1>Lista faktur</h1>
      <AppModal opened={opened} onClose={() => setOpened(false)} title="Płatności faktury FV/1/2026">
        <CrashingForm />
      </AppModal>
    </main>
  );
}

function CrashingForm() {
  const form = useForm({ initialValues: { city: '', note: '' } });
  useSaveSubmit(form);
  return (
    <form>
      <TextInput label="Miasto" {...form.getInputProps('city')} />
      <TextInput label="Uwagi" {...form.getInputProps('note')} />
      <Exploding value={form.values.note} />
    </form>
  );
}

describe('a crash inside a modal', () => {
  it('keeps the page, says which window failed and brings the form back with what was typed', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderWithProviders(<CrashingModal />);
      fireEvent.change(await screen.findByLabelText('Miasto'), { target: { value: 'Poznań' } });
      fireEvent.change(screen.getByLabelText('Uwagi'), { target: { value: 'boo' } });
      fireEvent.change(screen.getByLabelText('Uwagi'), { target: { value: 'boom' } });

      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('W oknie „Płatności faktury FV/1/2026” wystąpił nieoczekiwany błąd.');
      expect(alert.textContent).toContain('Szczegóły: Nie można odczytać wartości');
      // The page behind and the modal itself are still there.
      expect(screen.getByRole('heading', { name: 'Lista faktur' })).toBeTruthy();
      expect(screen.getByRole('dialog', { name: 'Płatności faktury FV/1/2026' })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
      await waitFor(() => expect((screen.getByLabelText('Miasto') as HTMLInputElement).value).toBe('Poznań'));
      expect((screen.getByLabelText('Uwagi') as HTMLInputElement).value).toBe('boo');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      consoleError.mockRestore();
    }
  });

  it('brings back an uncontrolled form with every key typed, though the keys did not render it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      renderWithProviders(
        <AppModal opened onClose={() => {}} title="Zlecenie">
          <UncontrolledCrashingForm />
        </AppModal>,
      );
      const city = await screen.findByLabelText('Miasto');
      // The first change renders the form (it becomes dirty); the second renders only its field.
      fireEvent.change(city, { target: { value: 'Pozn' } });
      fireEvent.change(city, { target: { value: 'Poznań' } });
      fireEvent.click(screen.getByRole('button', { name: 'Wybuch' }));
      await screen.findByRole('alert');

      fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
      await waitFor(() => expect((screen.getByLabelText('Miasto') as HTMLInputElement).value).toBe('Poznań'));
    } finally {
      consoleError.mockRestore();
    }
  });
});

/** An uncontrolled form (issue 35) whose content crashes on a click, after something was typed. */
function UncontrolledCrashingForm() {
  const form = useUncontrolledForm({ initialValues: { city: '' } });
  useSaveSubmit(form, { uncontrolled: true });
  const [crash, setCrash] = useState(false);
  if (crash) throw new Error('Nie można odczytać wartości');
  return (
    <form>
      <FormTextInput form={form} path="city" label="Miasto" />
      <button type="button" onClick={() => setCrash(true)}>
        Wybuch
      </button>
    </form>
  );
}

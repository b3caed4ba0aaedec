import { Button, Group, Text, TextInput } from '@mantine/core';
import type { ContactTryStatus, TaskContactTry } from '@spedycja/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { DateTimePicker } from '../../../components/dates.tsx';
import { componentMessages } from '../../../components/messages.ts';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { useContactTries } from '../api/getContactTries.ts';
import { useUpdateContactTries } from '../api/updateContactTries.ts';
import { tasksMessages as t } from '../messages.ts';
import { CONTACT_TRY_STATUS_OPTIONS } from './ContactTryModal.tsx';
import { contactTryChanges, type Draft, toDraft } from './contactTryDrafts.ts';

export type ContactTriesModalProps = {
  opened: boolean;
  onClose: () => void;
  task: { uuid: string; id: number } | null;
};

type Row = TaskContactTry & { n: number };

const PAGE_SIZE = 10;
const MODAL_WIDTH = 900;

/**
 * A task's contact attempts, editable in place: date and time, status and comment. 'Zapisz' sends
 * one PUT per changed attempt. If the attempts cannot be loaded, the modal closes (SPEC §8).
 */
export function ContactTriesModal({ opened, onClose, task }: ContactTriesModalProps) {
  const tries = useContactTries(opened ? (task?.uuid ?? null) : null);

  useEffect(() => {
    if (opened && tries.isError) onClose();
  }, [opened, tries.isError, onClose]);

  return (
    <AppModal opened={opened} onClose={onClose} title={task ? t.tries.listTitle(task.id) : ''} size={MODAL_WIDTH}>
      {!tries.data ? (
        <Text c="dimmed" role="status">
          {componentMessages.loading}
        </Text>
      ) : (
        <ContactTriesForm key={task?.uuid} attempts={tries.data['hydra:member']} onCancel={onClose} onSaved={onClose} />
      )}
    </AppModal>
  );
}

function ContactTriesForm({
  attempts,
  onCancel,
  onSaved,
}: {
  attempts: TaskContactTry[];
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [page, setPage] = useState(1);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(attempts.map((a) => [a.uuid, toDraft(a)])),
  );
  const [errors, setErrors] = useState<Record<string, Record<string, string>>>({});
  const update = useUpdateContactTries();
  const savingRef = useRef(false);

  const rows = useMemo<Row[]>(
    () => attempts.map((a, i) => ({ ...a, n: i + 1 })).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    [attempts, page],
  );

  const columns = useMemo<ColumnDef<Row>[]>(() => {
    const change = (uuid: string, patch: Partial<Draft>) => {
      setDrafts((all) => ({ ...all, [uuid]: { ...(all[uuid] as Draft), ...patch } }));
      setErrors((all) => {
        if (!all[uuid]) return all;
        const { [uuid]: _gone, ...rest } = all;
        return rest;
      });
    };
    return [
      { id: 'n', header: '#', cell: (r) => r.n, width: 40 },
      {
        id: 'date',
        header: t.tries.date,
        width: 230,
        cell: (r) => (
          <DateTimePicker
            size="xs"
            aria-label={`${t.tries.date} – ${t.tries.rowLabel(r.n)}`}
            clearable={false}
            value={drafts[r.uuid]?.date ?? null}
            error={errors[r.uuid]?.date}
            onChange={(value) => change(r.uuid, { date: value })}
          />
        ),
      },
      {
        id: 'status',
        header: t.tries.status,
        width: 150,
        cell: (r) => (
          <SearchableSelect
            size="xs"
            aria-label={`${t.tries.status} – ${t.tries.rowLabel(r.n)}`}
            data={CONTACT_TRY_STATUS_OPTIONS}
            allowDeselect={false}
            value={drafts[r.uuid]?.status ?? r.status}
            error={errors[r.uuid]?.status}
            onChange={(value) => value && change(r.uuid, { status: value as ContactTryStatus })}
            comboboxProps={{ withinPortal: true }}
          />
        ),
      },
      {
        id: 'comment',
        header: t.tries.comment,
        cell: (r) => (
          <TextInput
            size="xs"
            aria-label={`${t.tries.comment} – ${t.tries.rowLabel(r.n)}`}
            value={drafts[r.uuid]?.comment ?? ''}
            error={errors[r.uuid]?.comment}
            onChange={(event) => change(r.uuid, { comment: event.currentTarget.value })}
          />
        ),
      },
    ];
  }, [drafts, errors]);

  const handleSave = async () => {
    if (savingRef.current) return;
    const result = contactTryChanges(attempts, drafts);
    if (Object.keys(result.errors).length > 0) {
      setErrors(result.errors);
      return;
    }
    if (result.changes.length === 0) {
      onSaved();
      return;
    }
    savingRef.current = true;
    try {
      await update.mutateAsync(result.changes);
      onSaved();
    } catch {
      // Notified by the mutation ('aktualizacji próby kontaktu'); the edits stay for another try.
    } finally {
      savingRef.current = false;
    }
  };

  return (
    <>
      <DataTable
        mode="pages"
        label={t.tries.tableLabel}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.uuid}
        rowProps={(r) => ({ 'aria-label': t.tries.rowLabel(r.n) })}
        page={page}
        pageSize={PAGE_SIZE}
        totalItems={attempts.length}
        onPageChange={setPage}
      />
      <Group justify="flex-end" mt="xl">
        <Button variant="default" onClick={onCancel} disabled={update.isPending}>
          {t.cancel}
        </Button>
        <Button onClick={handleSave} loading={update.isPending} disabled={update.isPending}>
          {t.save}
        </Button>
      </Group>
    </>
  );
}

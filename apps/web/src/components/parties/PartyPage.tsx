import { Button, Group, Stack, Title } from '@mantine/core';
import type { HydraCollection } from '@spedycja/domain';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import type { QueryParams } from '../../lib/apiClient.ts';
import { listTotal } from '../../lib/hydra.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { DataTable } from '../DataTable/DataTable.tsx';
import type { ColumnDef } from '../DataTable/types.ts';
import { usePagedList } from '../DataTable/usePagedList.ts';
import { FilterRow } from '../FilterRow/FilterRow.tsx';
import type { FilterDef } from '../FilterRow/types.ts';
import { IconPlus } from '../icons.tsx';
import { DeleteAction, EditAction } from '../RowAction.tsx';
import { partyMessages as t } from './messages.ts';
import { type PartyRecord, partyName } from './partyForm.ts';

export type PartyModalState = { opened: boolean; uuid: string | null; onClose: () => void };

export type PartyPageProps<R extends PartyRecord> = {
  texts: {
    title: string;
    tableLabel: string;
    add: string;
    deleteTitle: string;
    deleteQuestion: (name: string) => string;
  };
  filters: readonly FilterDef[];
  /** The columns without 'Akcje', which the page adds. */
  columns: readonly ColumnDef<R>[];
  useList: (params: QueryParams) => UseQueryResult<HydraCollection<R>>;
  useDelete: () => UseMutationResult<unknown, Error, string>;
  renderModal: (state: PartyModalState) => ReactNode;
  pageSize: number;
  /** The list's API path ('/customers'), for the export button. */
  exportPath: string;
  /** Beside the add button (the admins' 'Importuj'). */
  headerActions?: ReactNode;
};

/** The customers and carriers pages: a title with 'Dodaj …', filters, a paged table, edit and delete. */
export function PartyPage<R extends PartyRecord>({
  texts,
  filters,
  columns,
  useList,
  useDelete,
  renderModal,
  pageSize,
  exportPath,
  headerActions,
}: PartyPageProps<R>) {
  const {
    params,
    page,
    setPage,
    sort,
    list,
    rows,
    modal,
    setModal,
    closeModal,
    toDelete,
    setToDelete,
    handleFilters,
    filterValues,
    handleSort,
    handleDelete,
  } = usePagedList<R>({ pageSize, filters, useList, useDelete });

  const allColumns = useMemo<ColumnDef<R>[]>(
    () => [
      ...columns,
      {
        id: 'actions',
        header: t.columns.actions,
        width: 90,
        cell: (row) => (
          <Group gap={4} wrap="nowrap">
            <EditAction label={t.edit} onClick={() => setModal({ opened: true, uuid: row.uuid })} />
            <DeleteAction label={t.delete} onClick={() => setToDelete(row)} />
          </Group>
        ),
      },
    ],
    [columns, setToDelete, setModal],
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {texts.title}
        </Title>
        <Group gap="xs">
          {headerActions}
          <Button leftSection={<IconPlus />} onClick={() => setModal({ opened: true, uuid: null })}>
            {texts.add}
          </Button>
        </Group>
      </Group>
      <FilterRow filters={filters} onApply={handleFilters} initialValues={filterValues} />
      <DataTable
        mode="pages"
        label={texts.tableLabel}
        exportable={{ path: exportPath, params }}
        columns={allColumns}
        rows={rows}
        rowKey={(row) => row.uuid}
        loading={list.isFetching}
        sort={sort}
        onSortChange={handleSort}
        page={page}
        pageSize={pageSize}
        {...listTotal(list.data)}
        onPageChange={setPage}
      />
      {renderModal({ opened: modal.opened, uuid: modal.uuid, onClose: closeModal })}
      <ConfirmDialog
        opened={toDelete !== null}
        title={texts.deleteTitle}
        text={toDelete ? texts.deleteQuestion(partyName(toDelete) || String(toDelete.id)) : ''}
        confirmColor="red"
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}

import { Button, Group, Stack, Title } from '@mantine/core';
import { formatDateTime, PAGE_SIZES, type Role, roleLabels, type User } from '@spedycja/domain';
import { useMemo } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { usePagedList } from '../../../components/DataTable/usePagedList.ts';
import { PhoneText, TextValue } from '../../../components/display.tsx';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { IconPlus } from '../../../components/icons.tsx';
import { DeleteAction, EditAction } from '../../../components/RowAction.tsx';
import { listTotal } from '../../../lib/hydra.ts';
import { useDeleteUser } from '../api/deleteUser.ts';
import { useUsers } from '../api/getUsers.ts';
import { usersMessages as t } from '../messages.ts';
import { UserModal } from './UserModal.tsx';

const filters: FilterDef[] = [
  { kind: 'text', name: 'login', label: t.columns.login },
  { kind: 'text', name: 'name', label: t.columns.name, width: 200 },
  { kind: 'text', name: 'email', label: t.columns.email, width: 200 },
];

const roleText = (roles: readonly string[]) => roles.map((r) => roleLabels[r as Role] ?? r).join(', ');

export type UsersPageProps = {
  /** Admins add, edit and delete; others only read (the server enforces it too). */
  canEdit: boolean;
};

/** /users: the users table with filters, numeric pages and the user modal. */
export function UsersPage({ canEdit }: UsersPageProps) {
  const {
    page,
    setPage,
    sort,
    list: users,
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
  } = usePagedList<User>({ pageSize: PAGE_SIZES.users, filters, useList: useUsers, useDelete: useDeleteUser });

  const columns = useMemo(() => {
    const list: ColumnDef<User>[] = [
      { id: 'id', header: t.columns.id, cell: (u) => u.id, width: 60 },
      { id: 'login', header: t.columns.login, cell: (u) => u.login, sortKey: 'login' },
      { id: 'name', header: t.columns.name, cell: (u) => u.name, sortKey: 'name' },
      { id: 'roles', header: t.columns.roles, cell: (u) => roleText(u.roles) },
      { id: 'phone', header: t.columns.phone, cell: (u) => <PhoneText prefix={u.phonePrefix} phone={u.phone} /> },
      { id: 'email', header: t.columns.email, cell: (u) => <TextValue value={u.email} />, sortKey: 'email' },
      { id: 'telegram', header: t.columns.telegram, cell: (u) => <TextValue value={u.telegramUserId} /> },
      {
        id: 'createdDate',
        header: t.columns.createdDate,
        cell: (u) => formatDateTime(u.createdDate),
        sortKey: 'createdDate',
      },
    ];
    if (canEdit) {
      list.push({
        id: 'actions',
        header: t.columns.actions,
        width: 100,
        cell: (u) => (
          <Group gap={4} wrap="nowrap">
            <EditAction label={t.edit} onClick={() => setModal({ opened: true, uuid: u.uuid })} />
            <DeleteAction label={t.delete} onClick={() => setToDelete(u)} />
          </Group>
        ),
      });
    }
    return list;
  }, [canEdit, setToDelete, setModal]);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t.title}
        </Title>
        {canEdit && (
          <Button leftSection={<IconPlus />} onClick={() => setModal({ opened: true, uuid: null })}>
            {t.add}
          </Button>
        )}
      </Group>
      <FilterRow filters={filters} onApply={handleFilters} initialValues={filterValues} />
      <DataTable
        mode="pages"
        label={t.tableLabel}
        columns={columns}
        rows={rows}
        rowKey={(u) => u.uuid}
        loading={users.isFetching}
        sort={sort}
        onSortChange={handleSort}
        page={page}
        pageSize={PAGE_SIZES.users}
        {...listTotal(users.data)}
        onPageChange={setPage}
      />
      {canEdit && <UserModal opened={modal.opened} userUuid={modal.uuid} onClose={closeModal} />}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t.deleteTitle}
        text={toDelete ? t.deleteQuestion(toDelete.name, toDelete.login) : ''}
        confirmColor="red"
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}

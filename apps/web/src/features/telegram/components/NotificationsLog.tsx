import { Badge, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  formatDateTime,
  TELEGRAM_LOG_SIZE,
  type TelegramNotification,
  type TelegramStatus,
  telegramKindLabels,
  telegramStatusLabels,
} from '@spedycja/domain';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import type { ColumnDef } from '../../../components/DataTable/types.ts';
import { DateTimeText, TextValue } from '../../../components/display.tsx';
import { type LogScope, useTelegramNotifications } from '../api/getNotifications.ts';
import { telegramPageMessages } from '../messages.ts';

const t = telegramPageMessages.log;

const STATUS_COLORS: Record<TelegramStatus, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

/** The log: my last 50 notifications (when, what, sent or not and why); admins can switch to everyone's. */
export function NotificationsLog({ isAdmin }: { isAdmin: boolean }) {
  const [scope, setScope] = useState<LogScope>('mine');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useTelegramNotifications(scope, page);
  const rows = data?.['hydra:member'] ?? [];

  const columns = useMemo(() => {
    const list: ColumnDef<TelegramNotification>[] = [
      { id: 'when', header: t.columns.when, cell: (n) => <DateTimeText value={n.createdDate} />, nowrap: true },
      ...(scope === 'all'
        ? [
            {
              id: 'user',
              header: t.columns.user,
              cell: (n: TelegramNotification) => <TextValue value={n.user?.name} />,
            },
          ]
        : []),
      { id: 'kind', header: t.columns.kind, cell: (n) => telegramKindLabels[n.kind] },
      { id: 'what', header: t.columns.what, cell: (n) => n.summary },
      {
        id: 'status',
        header: t.columns.status,
        cell: (n) => (
          <Badge color={STATUS_COLORS[n.status]} variant="light">
            {telegramStatusLabels[n.status]}
          </Badge>
        ),
        nowrap: true,
      },
      {
        id: 'details',
        header: t.columns.details,
        cell: (n) =>
          n.error ? (
            <Text size="sm" c="red">
              {n.error}
            </Text>
          ) : n.sentDate ? (
            t.sentAt(formatDateTime(n.sentDate))
          ) : (
            <TextValue value={null} />
          ),
      },
    ];
    return list;
  }, [scope]);

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {scope === 'all' ? t.allTitle : t.mineTitle}
          </Title>
          {isAdmin && (
            <SegmentedControl
              aria-label={t.scopeLabel}
              value={scope}
              onChange={(value) => {
                setScope(value as LogScope);
                setPage(1);
              }}
              data={[
                { value: 'mine', label: t.mine },
                { value: 'all', label: t.all },
              ]}
            />
          )}
        </Group>
        <DataTable
          mode="pages"
          label={t.tableLabel}
          columns={columns}
          rows={rows}
          rowKey={(n) => n.uuid}
          loading={isFetching && !data}
          page={page}
          pageSize={TELEGRAM_LOG_SIZE}
          totalItems={data?.['hydra:totalItems'] ?? rows.length}
          onPageChange={setPage}
        />
      </Stack>
    </Paper>
  );
}

import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/apiClient.ts';
import { actionLabels, changeLine, type HistoryEntry, historyMessages as t } from './history.ts';

/** The 'Historia zmian' of one record (its API path without /api), newest first. */
export function HistoryList({ path }: { path: string }) {
  const history = useQuery({
    queryKey: ['history', path],
    queryFn: () => api.list<HistoryEntry>(`${path}/history`),
    meta: { errorAction: 'wczytywania historii zmian' },
  });
  if (history.isPending) return <Text c="dimmed">{t.loading}</Text>;
  const entries = history.data?.['hydra:member'] ?? [];
  if (entries.length === 0) return <Text c="dimmed">{t.empty}</Text>;
  return (
    <Stack gap="sm" aria-label={t.tab}>
      {entries.map((entry) => (
        <Stack key={`${entry.date}-${entry.action}-${entry.changes.map((c) => c.field).join()}`} gap={2}>
          <Text size="sm" fw={600}>
            {formatDateTime(entry.date)} · {entry.user?.name ?? t.nobody} · {actionLabels[entry.action] ?? entry.action}
          </Text>
          {entry.changes.map((change) => (
            <Text key={change.field} size="sm">
              {changeLine(change, entry.action)}
            </Text>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

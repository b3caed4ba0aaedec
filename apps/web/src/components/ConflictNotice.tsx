import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatDateTime } from '@spedycja/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, forgetVersion } from '../lib/apiClient.ts';
import { actionLabels, changeLine, type HistoryEntry, historyMessages as t } from './history.ts';

const ID = 'record-conflict';

/**
 * A save refused with 412: who changed the record in the meantime and what, from its history, and 'Wczytaj
 * ponownie', which takes the server's version as the base of the next save. The form keeps what the user typed.
 */
function ConflictDetails({ path }: { path: string }) {
  const queryClient = useQueryClient();
  const history = useQuery({
    queryKey: ['history', path, 'conflict'],
    queryFn: () => api.list<HistoryEntry>(`${path}/history`),
  });
  const latest = history.data?.['hydra:member'][0];
  return (
    <Stack gap={4}>
      {latest && (
        <Text size="sm">
          {latest.user?.name ?? t.nobody}, {formatDateTime(latest.date)} ({actionLabels[latest.action] ?? latest.action}
          )
        </Text>
      )}
      {latest?.changes.slice(0, 6).map((change) => (
        <Text key={change.field} size="sm">
          {changeLine(change)}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {t.conflictHint}
      </Text>
      <Button
        size="xs"
        variant="light"
        onClick={async () => {
          forgetVersion(path);
          // The record itself again: its version becomes the one the next save is based on.
          await api.get(path).catch(() => undefined);
          await queryClient.invalidateQueries({ refetchType: 'active' });
          notifications.hide(ID);
        }}
      >
        {t.reload}
      </Button>
    </Stack>
  );
}

/** Shows the conflict of a save to `path` (`/api/orders/{uuid}`). */
export function showConflict(apiPath: string) {
  const path = apiPath.replace(/^\/api/, '');
  notifications.show({
    id: ID,
    color: 'orange',
    title: t.conflictTitle,
    message: <ConflictDetails path={path} />,
    autoClose: false,
  });
}

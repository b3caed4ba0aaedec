import { Badge, Tooltip } from '@mantine/core';
import { DRAWER_REFRESH_MS, formatBadgeCount } from '@spedycja/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { officeTexts as t } from '../messages.ts';

const key = ['portal', 'notifications'] as const;

/** The drawer's badge on 'Zlecenia': what carriers did on one's orders, not seen yet (GET /api/portal/notifications). */
export function PortalBadge() {
  const notifications = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ count: number }>('/portal/notifications'),
    refetchInterval: DRAWER_REFRESH_MS,
    staleTime: DRAWER_REFRESH_MS / 2,
  });
  const count = notifications.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Tooltip label={t.badge(count)} withArrow>
      {/* A deeper orange than Mantine's orange.9 (4.3:1): white 10 px bold digits need 4.5:1 (5.2 here). */}
      <Badge size="sm" color="#c2410c" circle={count < 10} aria-label={t.badge(count)}>
        {formatBadgeCount(count)}
      </Badge>
    </Tooltip>
  );
}

/** Opening an order's 'Przewoźnik — link' tab: its carrier actions count as seen. */
export function useMarkPortalSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderUuid: string) => api.post('/portal/notifications/seen', { order: orderUuid }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

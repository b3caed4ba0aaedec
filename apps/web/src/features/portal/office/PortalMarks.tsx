import { Group, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { officeTexts as t } from '../messages.ts';

type Marks = {
  sent: boolean;
  accepted: boolean;
  declined: boolean;
  driver: boolean;
  loaded: boolean;
  unloaded: boolean;
  cmr: boolean;
  invoice: boolean;
};

/** The rows asked for in one tick go in one request (`GET /api/portal/marks?order[]=…`, at most 100). */
let pending: { uuid: string; resolve: (m: Marks | null) => void; reject: (e: unknown) => void }[] = [];
function loadMarks(uuid: string): Promise<Marks | null> {
  return new Promise((resolve, reject) => {
    pending.push({ uuid, resolve, reject });
    if (pending.length > 1) return;
    setTimeout(async () => {
      const batch = pending;
      pending = [];
      for (let i = 0; i < batch.length; i += 100) {
        const part = batch.slice(i, i + 100);
        try {
          const { marks } = await api.get<{ marks: Record<string, Marks> }>('/portal/marks', {
            'order[]': part.map((p) => p.uuid),
          });
          for (const p of part) p.resolve(marks[p.uuid] ?? null);
        } catch (error) {
          for (const p of part) p.reject(error);
        }
      }
    }, 0);
  });
}

const MARKS = [
  ['accepted', 'P'],
  ['driver', 'K'],
  ['loaded', 'Z'],
  ['unloaded', 'R'],
  ['cmr', 'CMR'],
  ['invoice', 'F'],
] as const;

/** The orders table's small marks of the carrier's link: accepted, driver, loaded, unloaded, CMR in, invoice in. */
export function PortalMarksCell({ orderUuid }: { orderUuid: string }) {
  const marks = useQuery({
    queryKey: ['portal', 'marks', orderUuid],
    queryFn: () => loadMarks(orderUuid),
    staleTime: 30_000,
  });
  const m = marks.data;
  if (!m) return null;
  return (
    <Group gap={2} wrap="nowrap" aria-label={t.filterLabel}>
      {m.declined && (
        <Tooltip label={t.marks.declined}>
          <span style={{ color: 'var(--mantine-color-red-7)', fontSize: 11, fontWeight: 700 }}>✕</span>
        </Tooltip>
      )}
      {MARKS.filter(([key]) => m[key]).map(([key, letter]) => (
        <Tooltip key={key} label={t.marks[key]}>
          <abbr
            title={t.marks[key]}
            style={{
              fontSize: 10,
              fontWeight: 700,
              padding: '0 3px',
              borderRadius: 3,
              background: 'var(--mantine-color-green-1)',
              color: 'var(--mantine-color-green-9)',
              textDecoration: 'none',
            }}
          >
            {letter}
          </abbr>
        </Tooltip>
      ))}
    </Group>
  );
}

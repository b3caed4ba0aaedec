import { Tooltip } from '@mantine/core';
import { formatDateTime, type OrderEta } from '@spedycja/domain';
import { positionsTexts as t } from './messages.ts';

const COLOURS = {
  ok: { bg: 'var(--mantine-color-green-1)', fg: 'var(--mantine-color-green-9)' },
  zagrozone: { bg: 'var(--mantine-color-yellow-2)', fg: 'var(--mantine-color-yellow-9)' },
  opoznienie: { bg: 'var(--mantine-color-red-1)', fg: 'var(--mantine-color-red-9)' },
} as const;

/** The orders table's small mark of a running order (issue 39): the ETA's status and the last position's age. */
export function EtaMark({ eta }: { eta: OrderEta | null | undefined }) {
  if (!eta) return null;
  const colour = COLOURS[eta.status];
  const stale = t.isStale(eta.positionAge);
  const label = eta.status === 'opoznienie' ? `${t.status.opoznienie} ${eta.minutesLate} min` : t.status[eta.status];
  return (
    <Tooltip label={`${t.etaAt}: ${formatDateTime(eta.at)} · ${t.lastPosition}: ${t.age(eta.positionAge)}`}>
      <span data-testid="eta-mark" data-status={eta.status} style={{ whiteSpace: 'nowrap', fontSize: 11 }}>
        <span
          style={{
            fontWeight: 700,
            padding: '0 4px',
            borderRadius: 3,
            background: colour.bg,
            color: colour.fg,
          }}
        >
          {label}
        </span>{' '}
        <span style={{ color: stale ? 'var(--mantine-color-red-9)' : 'var(--mantine-color-gray-7)' }}>
          {stale ? t.stale : t.age(eta.positionAge)}
        </span>
      </span>
    </Tooltip>
  );
}

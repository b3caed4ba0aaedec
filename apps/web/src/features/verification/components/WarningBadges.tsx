import { Badge, Group } from '@mantine/core';
import type { OrderWarning } from '@spedycja/domain';
import type { ReactNode } from 'react';

/** The carrier's red marks ('OCP wygasło', 'OCP wygasa {date}', …) as the order form, the offers list and lists show them. */
export function WarningBadges({
  warnings,
  label,
  size,
  children,
}: {
  warnings: readonly OrderWarning[];
  label: string;
  size?: 'xs' | 'sm';
  children?: ReactNode;
}) {
  if (warnings.length === 0 && !children) return null;
  return (
    <Group gap={6} role="status" aria-label={label}>
      {warnings.map((w) => (
        <Badge key={w.code} color="red" variant="filled" size={size}>
          {w.message}
        </Badge>
      ))}
      {children}
    </Group>
  );
}

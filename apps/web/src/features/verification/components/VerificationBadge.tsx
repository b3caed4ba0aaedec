import { Badge, Tooltip, VisuallyHidden } from '@mantine/core';
import { type VerificationStatus, verificationStatusLabel } from '@spedycja/domain';
import { IconAlertTriangle, IconCheck, IconX } from '../../../components/icons.tsx';
import { verificationTexts as t } from '../messages.ts';

const LOOKS: Record<VerificationStatus, { color: string; Icon: typeof IconCheck }> = {
  zweryfikowany: { color: 'green', Icon: IconCheck },
  wygasla: { color: 'orange', Icon: IconAlertTriangle },
  niezweryfikowany: { color: 'gray', Icon: IconX },
};

/**
 * The verification status: 'Zweryfikowany 12/11/2026', 'Weryfikacja wygasła' or 'Niezweryfikowany' (the party's modal,
 * the order form). `compact`, a list's 'Weryfikacja' cell: an icon and a short word ('Tak', 'Wygasła', 'Nie') that fit
 * the column at 1366 px (the whole label was cut to an empty pill or 'NIEZ…', issue 34); the whole label is its tooltip
 * and what a screen reader says.
 */
export function VerificationBadge({
  status,
  verifiedAt,
  compact = false,
}: {
  status: VerificationStatus | undefined;
  verifiedAt: string | null;
  compact?: boolean;
}) {
  if (!status) return null;
  const label = verificationStatusLabel(status, verifiedAt);
  const { color, Icon } = LOOKS[status];
  if (!compact) {
    return (
      <Badge variant="light" color={color} leftSection={<Icon size={12} />}>
        {label}
      </Badge>
    );
  }
  return (
    <Tooltip label={label}>
      <Badge
        variant="light"
        color={color}
        tt="none"
        leftSection={<Icon size={12} />}
        styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
      >
        <span aria-hidden="true">{t.statusShort[status]}</span>
        <VisuallyHidden>{label}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}

import { Badge } from '@mantine/core';
import { type VerificationStatus, verificationStatusLabel } from '@spedycja/domain';

const COLORS: Record<VerificationStatus, string> = {
  zweryfikowany: 'green',
  wygasla: 'orange',
  niezweryfikowany: 'gray',
};

/** 'Zweryfikowany 12/11/2026', 'Weryfikacja wygasła' or 'Niezweryfikowany'. */
export function VerificationBadge({
  status,
  verifiedAt,
}: {
  status: VerificationStatus | undefined;
  verifiedAt: string | null;
}) {
  if (!status) return null;
  return (
    <Badge variant="light" color={COLORS[status]}>
      {verificationStatusLabel(status, verifiedAt)}
    </Badge>
  );
}

import { Badge } from '@mantine/core';
import { formatMoney } from '@spedycja/domain';
import { debtorTexts as t } from '../messages.ts';

/** The red 'Dłużnik' beside a customer's name (pickers, lists); nothing for a customer who is not one. */
export function DebtorBadge({ debtor, overdueAmount }: { debtor?: boolean | null; overdueAmount?: number | null }) {
  if (!debtor) return null;
  return (
    <Badge
      color="red"
      variant="filled"
      size="sm"
      style={{ flexShrink: 0 }}
      title={t.badgeTitle(formatMoney(overdueAmount ?? 0, 'pln'))}
    >
      {t.badge}
    </Badge>
  );
}

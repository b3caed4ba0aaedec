import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { DebtorBadge } from './DebtorBadge.tsx';

type Debt = { debtor: boolean; overdueAmount: number };
type DebtorRow = { uuid: string; debtor: boolean; overdueAmount: number };

/**
 * The customers of a table's page asked in one tick go in one request — `GET /api/customers?uuid[]=…&debtor=true`
 * (at most 100): the debtors among them, read in SQL; the others are not debtors.
 */
let pending: { uuid: string; resolve: (d: Debt | null) => void; reject: (e: unknown) => void }[] = [];
function loadDebt(uuid: string): Promise<Debt | null> {
  return new Promise((resolve, reject) => {
    pending.push({ uuid, resolve, reject });
    if (pending.length > 1) return;
    setTimeout(async () => {
      const batch = pending;
      pending = [];
      for (let i = 0; i < batch.length; i += 100) {
        const part = batch.slice(i, i + 100);
        try {
          const found = await api.list<DebtorRow>('/customers', {
            'uuid[]': [...new Set(part.map((p) => p.uuid))],
            debtor: 'true',
            itemsPerPage: 100,
          });
          const debtors = new Map(found['hydra:member'].map((c) => [c.uuid, c]));
          for (const p of part) p.resolve(debtors.get(p.uuid) ?? null);
        } catch (error) {
          for (const p of part) p.reject(error);
        }
      }
    }, 0);
  });
}

/** 'Dłużnik' beside a customer's name in the orders and queries tables (their rows carry no debt of their own). */
export function DebtorMark({ customerUuid }: { customerUuid: string | null | undefined }) {
  const debt = useQuery({
    queryKey: ['debtors', 'mark', customerUuid],
    queryFn: () => loadDebt(customerUuid as string),
    enabled: !!customerUuid,
    staleTime: 60_000,
  });
  return <DebtorBadge debtor={debt.data?.debtor} overdueAmount={debt.data?.overdueAmount} />;
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { partyName } from '../../components/parties/partyForm.ts';
import { useAuth } from '../auth/useAuth.ts';
import { getCustomer } from '../customers/index.ts';
import { settingsMap, settingsQueryOptions } from '../settings/api/getSettings.ts';
import type { DebtorAsk } from './components/DebtorConfirmDialog.tsx';

/**
 * Before an order is saved for a customer: reads the customer afresh (its debt changes with payments and days) and
 * the blocking setting; answers what to ask (DebtorConfirmDialog), or null when the customer is not a debtor.
 */
export function useDebtorCheck() {
  const queryClient = useQueryClient();
  const { isAdmin } = useAuth();
  return useCallback(
    async (customerUuid: string | null | undefined): Promise<DebtorAsk | null> => {
      if (!customerUuid) return null;
      const customer = await getCustomer(customerUuid);
      if (!customer.debtor) return null;
      const settings = await queryClient.fetchQuery({ ...settingsQueryOptions(), staleTime: 0 });
      return {
        customerName: partyName(customer) || customer.uuid,
        overdueAmount: customer.overdueAmount,
        blocking: settingsMap(settings).blockOrdersForDebtors === 'tak',
        admin: isAdmin,
      };
    },
    [queryClient, isAdmin],
  );
}

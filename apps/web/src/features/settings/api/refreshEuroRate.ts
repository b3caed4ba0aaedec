import { formatDate, rateToDecimal } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { settingsMessages as t } from '../messages.ts';

export type EuroRateRefresh = { value: string; nbp: { rate: number; table: string; date: string } };

/** POST /api/settings/euroExchangeRate/refresh: NBP's latest table A rate into the setting (hundredths). */
export function useRefreshEuroRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EuroRateRefresh>('/settings/euroExchangeRate/refresh'),
    meta: { errorAction: t.refreshAction },
    onSuccess: (result) => {
      notifySuccess(
        t.refreshed(rateToDecimal(result.nbp.rate).replace('.', ','), result.nbp.table, formatDate(result.nbp.date)),
      );
      return queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
  });
}

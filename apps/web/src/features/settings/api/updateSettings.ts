import type { Setting } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, isApiError } from '../../../lib/apiClient.ts';
import { settingsMessages as t } from '../messages.ts';

export type SettingChange = { uuid: string; key: string; value: string };

/** PUT /api/settings/{uuid} {value}, one call per changed setting; a violation names the setting's field. */
export async function updateSettings(changes: readonly SettingChange[]): Promise<Setting[]> {
  const saved: Setting[] = [];
  for (const change of changes) {
    try {
      saved.push(await api.put<Setting>(`/settings/${change.uuid}`, { value: change.value }));
    } catch (error) {
      if (!isApiError(error)) throw error;
      const violations = error.violations.map((v) => ({
        ...v,
        propertyPath: v.propertyPath === 'value' || v.propertyPath === '' ? change.key : v.propertyPath,
      }));
      throw new ApiError(error.status, error.detail, violations);
    }
  }
  return saved;
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    meta: { errorAction: t.updateAction, successMessage: t.saved },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['settings'] }),
  });
}

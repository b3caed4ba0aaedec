import type { Customer } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { customersMessages as t } from '../messages.ts';
import { customerKeys } from './keys.ts';

/** GET /api/customers/{uuid}. */
export const getCustomer = (uuid: string) => api.get<Customer>(`/customers/${uuid}`);

/** One customer for the edit modal; always fresh, since the modal edits it. */
export const useCustomer = (uuid: string | null | undefined) =>
  useQuery({
    queryKey: customerKeys.detail(uuid ?? ''),
    queryFn: () => getCustomer(uuid ?? ''),
    enabled: !!uuid,
    staleTime: 0,
    gcTime: 0,
    meta: { errorAction: t.loadOne },
  });

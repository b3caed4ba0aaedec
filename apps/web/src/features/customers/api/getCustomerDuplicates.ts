import type { DuplicateCounts, DuplicateQuery } from '../../../components/parties/useDuplicateCounts.ts';
import { api } from '../../../lib/apiClient.ts';

/** GET /api/customers/duplicates?nip=&phonePrefix=&phone=&exclude= -> {nip: N, phone: M}. */
export const getCustomerDuplicates = (query: DuplicateQuery, signal?: AbortSignal) =>
  api.get<DuplicateCounts>('/customers/duplicates', query, { signal });

import type { DuplicateCounts, DuplicateQuery } from '../../../components/parties/useDuplicateCounts.ts';
import { api } from '../../../lib/apiClient.ts';

/** GET /api/carriers/duplicates?nip=&phonePrefix=&phone=&exclude= -> {nip: N, phone: M}. */
export const getCarrierDuplicates = (query: DuplicateQuery, signal?: AbortSignal) =>
  api.get<DuplicateCounts>('/carriers/duplicates', query, { signal });

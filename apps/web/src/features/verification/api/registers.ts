import type { HydraCollection, RegistryCompany, VerificationRecord, VerificationSource } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';

export type PartyResource = 'customers' | 'carriers';

export const verificationKeys = {
  history: (resource: PartyResource, uuid: string) => ['verifications', resource, uuid] as const,
};

/** GET /api/registry/company?nip= (GUS). */
export const getRegistryCompany = (nip: string) => api.get<RegistryCompany>('/registry/company', { nip });

export type VerifyAnswer = VerificationRecord & { warning?: string };

/** POST /api/{customers|carriers}/{uuid}/verify. */
export const verifyParty = (resource: PartyResource, uuid: string, source: VerificationSource) =>
  api.post<VerifyAnswer>(`/${resource}/${uuid}/verify`, { source });

/** GET /api/{customers|carriers}/{uuid}/verifications, newest first. */
export const useVerifications = (resource: PartyResource, uuid: string | null) =>
  useQuery({
    queryKey: verificationKeys.history(resource, uuid ?? ''),
    queryFn: () =>
      api.list<VerificationRecord>(`/${resource}/${uuid}/verifications`) as Promise<
        HydraCollection<VerificationRecord>
      >,
    enabled: !!uuid,
    // Payments and conversions add checks from other screens: the history is read afresh each time it is shown.
    staleTime: 0,
  });

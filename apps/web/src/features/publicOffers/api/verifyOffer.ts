import type { OfferVerification } from '@spedycja/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { publicKeys } from './keys.ts';

/** POST /api/public/offers/verify {token} -> {status, message}; 410 {detail} for a bad or expired link. */
export const verifyOffer = (token: string) =>
  api.post<OfferVerification>('/public/offers/verify', { token }, { anonymous: true });

/**
 * Verifies once per token: a query rather than a mutation, so that a remount (React's strict
 * mode, a re-render) does not post the link twice and turn 'verified' into 'already verified'.
 */
export const useOfferVerification = (token: string | null) =>
  useQuery({
    queryKey: publicKeys.verification(token ?? ''),
    queryFn: () => verifyOffer(token ?? ''),
    enabled: !!token,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

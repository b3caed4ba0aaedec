import type { PublicOffer, PublicOfferPlaced } from '@spedycja/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';

/** POST /api/public/offers without a token -> 201 {message, hint}; 422 violations; 429 too many. */
export const placeOffer = (payload: PublicOffer) =>
  api.post<PublicOfferPlaced>('/public/offers', payload, { anonymous: true });

/** The modal shows the outcome itself (its success and error tabs): no notification here. */
export const usePlaceOffer = () => useMutation({ mutationFn: placeOffer });

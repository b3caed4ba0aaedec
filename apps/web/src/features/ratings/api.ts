import { type Rating, type RatingInput, ratingMessages } from '@spedycja/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/apiClient.ts';

export const ratingKeys = { order: (uuid: string) => ['ratings', 'order', uuid] as const };

/** GET /api/orders/{uuid}/rating: the order's rating of its carrier, null before it is given (the API's 404). */
export async function getRating(orderUuid: string): Promise<Rating | null> {
  try {
    return await api.get<Rating>(`/orders/${orderUuid}/rating`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const useOrderRating = (orderUuid: string | null, enabled = true) =>
  useQuery({
    queryKey: ratingKeys.order(orderUuid ?? ''),
    queryFn: () => getRating(orderUuid ?? ''),
    enabled: !!orderUuid && enabled,
    meta: { errorAction: ratingMessages.loadRating },
  });

/**
 * POST the rating, or PUT it (with its version as If-Match) when the order has one: called after the unloading was
 * confirmed, so that a refused rating never undoes the confirmation.
 */
export function useSaveRating() {
  const queryClient = useQueryClient();
  return async (orderUuid: string, current: Rating | null, input: RatingInput) => {
    const saved = current
      ? await api.put<Rating>(`/orders/${orderUuid}/rating`, input, { ifMatch: `W/"${current.version}"` })
      : await api.post<Rating>(`/orders/${orderUuid}/rating`, input);
    queryClient.setQueryData(ratingKeys.order(orderUuid), saved);
    // The carrier's figures changed: its record and the lists showing its rating.
    await queryClient.invalidateQueries({ queryKey: ['carriers'] });
    await queryClient.invalidateQueries({ queryKey: ['offers'] });
    return saved;
  };
}

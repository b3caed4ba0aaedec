import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './apiClient.ts';
import { notifyError, notifySuccess } from './notify.ts';

/**
 * Queries and mutations say in their `meta` what a failure is called ('ładowania użytkowników')
 * and what a success says; the caches below turn that into the one notification.
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorAction?: string };
    mutationMeta: {
      errorAction?: string;
      successMessage?: string;
      /** A refusal the screen answers itself, with a dialog (an admin's reason): no notice behind that dialog. */
      asks?: (error: unknown) => boolean;
    };
  }
}

/** A 401 here means the session ended and the user is on the way to the login page: nothing to add. */
const sessionEnded = (error: unknown) => isApiError(error) && error.status === 401;

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const action = query.meta?.errorAction;
        if (action && !sessionEnded(error)) notifyError(action, error);
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _result, mutation) => {
        const message = mutation.meta?.successMessage;
        if (message) notifySuccess(message);
      },
      onError: (error, _variables, _result, mutation) => {
        const action = mutation.meta?.errorAction;
        if (action && !sessionEnded(error) && !mutation.meta?.asks?.(error)) notifyError(action, error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client mistakes and refusals do not get better by asking again; a lost connection may.
        retry: (failureCount, error) =>
          failureCount < 1 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}

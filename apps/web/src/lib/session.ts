import type { TokenPair } from '@spedycja/domain';

/**
 * The stored token pair. localStorage is the source of truth so that every tab sees the same
 * session; the 'storage' event tells this tab when another one logged in, refreshed or logged out.
 */

export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export const session = {
  getToken: () => read(TOKEN_KEY),
  getRefreshToken: () => read(REFRESH_TOKEN_KEY),

  setTokens(pair: TokenPair) {
    window.localStorage.setItem(TOKEN_KEY, pair.token);
    window.localStorage.setItem(REFRESH_TOKEN_KEY, pair.refreshToken);
    emit();
  },

  clear() {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(REFRESH_TOKEN_KEY);
    emit();
  },

  /** For useSyncExternalStore: called on changes in this tab and in the others. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY || event.key === REFRESH_TOKEN_KEY) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

import { useMemo, useSyncExternalStore } from 'react';
import { session } from '../../lib/session.ts';
import { type AuthUser, decodeToken } from './claims.ts';

/** The current user from the stored token, kept in sync with other tabs (storage events). */
export function useAuth(): { user: AuthUser | null; isLoggedIn: boolean; isAdmin: boolean } {
  const token = useSyncExternalStore(session.subscribe, session.getToken, () => null);
  const refreshToken = useSyncExternalStore(session.subscribe, session.getRefreshToken, () => null);
  return useMemo(() => {
    const user = decodeToken(token);
    // An expired access token is fine: the API client refreshes it with the refresh token.
    const isLoggedIn = user !== null && refreshToken !== null;
    return { user: isLoggedIn ? user : null, isLoggedIn, isAdmin: isLoggedIn && !!user?.isAdmin };
  }, [token, refreshToken]);
}

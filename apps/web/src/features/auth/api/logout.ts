import { api } from '../../../lib/apiClient.ts';
import { session } from '../../../lib/session.ts';

/** Ends the session here at once and revokes the refresh token on the server (best effort). */
export async function logout(): Promise<void> {
  const refreshToken = session.getRefreshToken();
  session.clear();
  if (!refreshToken) return;
  try {
    await api.post<void>('/logout', { refreshToken }, { anonymous: true });
  } catch {
    // Already logged out locally; the token expires on the server by itself.
  }
}

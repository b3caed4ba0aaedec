import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type AuthUser = {
  uuid: string;
  username: string;
  name: string;
  roles: string[];
  /** A panel user's customer record (issue 37), read from the database on each request, never from the token. */
  customerId?: number | null;
};

export type TokenSigner = {
  /** `issuedAt` (seconds) makes the token a function of it: a replayed refresh gets the very same token. */
  sign(user: AuthUser, issuedAt?: number): Promise<string>;
  verify(token: string): Promise<AuthUser | null>;
};

/** How many verified tokens are remembered (the signed-in people of an office, and then some). */
const VERIFIED_TOKENS_KEPT = 2_000;

export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // Tokens already verified, until their expiry: a signed-in person sends the same token with every request, and its
  // check (an HMAC through WebCrypto, a hop to the thread pool) cost a third of a millisecond of each request's CPU.
  // Keyed by the whole token, signature included, so only the very string that was verified is taken from here.
  const verified = new Map<string, { user: AuthUser; expiresAtMs: number }>();
  return {
    sign: (user, issuedAt = Math.floor(Date.now() / 1000)) =>
      new SignJWT({ username: user.username, name: user.name, roles: user.roles })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.uuid)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return { ...known.user, roles: [...known.user.roles] };
        verified.delete(token);
        return null;
      }
      try {
        // A token without an expiry would be valid forever: refused.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null;
        const roles = Array.isArray(payload.roles) ? payload.roles.filter((r) => typeof r === 'string') : [];
        const user: AuthUser = {
          uuid: payload.sub,
          username: payload.username,
          name: typeof payload.name === 'string' ? payload.name : payload.username,
          roles,
        };
        // The oldest remembered token makes room (a Map iterates in insertion order).
        if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
        verified.set(token, { user, expiresAtMs: (payload.exp as number) * 1000 });
        return { ...user, roles: [...roles] };
      } catch {
        return null;
      }
    },
  };
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
/**
 * The refresh token that replaces `presented`: derived from it with the server's secret, so that a second refresh
 * with the same token (another device of the user, at the same moment) can be given the same new token.
 */
export const successorToken = (secret: string, presented: string) =>
  createHmac('sha256', secret).update(`refresh:${presented}`).digest('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

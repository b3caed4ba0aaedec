import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export type AuthUser = { uuid: string; username: string; name: string; roles: string[] };

export type TokenSigner = {
  sign(user: AuthUser): Promise<string>;
  verify(token: string): Promise<AuthUser | null>;
};

export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (user) =>
      new SignJWT({ username: user.username, name: user.name, roles: user.roles })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.uuid)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.username !== 'string') return null;
        const roles = Array.isArray(payload.roles) ? payload.roles.filter((r) => typeof r === 'string') : [];
        return {
          uuid: payload.sub,
          username: payload.username,
          name: typeof payload.name === 'string' ? payload.name : payload.username,
          roles,
        };
      } catch {
        return null;
      }
    },
  };
}

export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

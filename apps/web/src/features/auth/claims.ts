import { isAdmin, type TokenClaims } from '@spedycja/domain';

/** The logged-in user as the access token describes them (SPEC §3 Auth user). */
export type AuthUser = {
  uuid: string;
  username: string;
  name: string;
  roles: string[];
  isAdmin: boolean;
  /** Expiry, seconds since the epoch. */
  exp: number;
};

function base64UrlDecode(part: string): string {
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

// A hand check rather than the domain's tokenClaimsSchema: zod (24 kB gzipped) stays out of the first load of every page.
function isTokenClaims(raw: unknown): raw is TokenClaims & { sub?: unknown } {
  if (typeof raw !== 'object' || raw === null) return false;
  const c = raw as Record<string, unknown>;
  return (
    typeof c.username === 'string' &&
    typeof c.name === 'string' &&
    typeof c.exp === 'number' &&
    Array.isArray(c.roles) &&
    c.roles.every((r) => typeof r === 'string')
  );
}

/** Reads the JWT payload (the signature is the server's business); null when it is not a token of ours. */
export function decodeToken(token: string | null | undefined): AuthUser | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const raw: unknown = JSON.parse(base64UrlDecode(payload));
    if (!isTokenClaims(raw)) return null;
    const { username, name, roles, exp } = raw;
    return { uuid: typeof raw.sub === 'string' ? raw.sub : '', username, name, roles, exp, isAdmin: isAdmin(roles) };
  } catch {
    return null;
  }
}

/** Initials for the collapsed drawer: 'Jan Kowalski' -> 'JK'. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

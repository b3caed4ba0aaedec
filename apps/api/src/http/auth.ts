import { isAdmin, type Role } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { AuthUser, TokenSigner } from '../modules/auth/tokens.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** No token needed (login, refresh, the public offer pages). */
    public?: boolean;
    /** Roles of which the user needs one; the default is any logged-in user. */
    roles?: Role[];
  }
}

/** Every /api route needs a valid bearer token unless it is marked public; roles are checked here too. */
export const authPlugin = fp<{ signer: TokenSigner; db: DbOrTx }>(async (app: FastifyInstance, { signer, db }) => {
  app.decorateRequest('user', null);
  // Only /api routes need a token; the single-page app's files and its '/' are public.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) route.config = { ...(route.config ?? {}), public: true };
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      const claims = await signer.verify(header.slice(7).trim());
      // The roles are read from the user's record, not the token: a deleted user is out and a demoted one loses the
      // admin's rights at once, not when the token expires.
      if (claims) {
        const [current] = await db
          .select({ roles: users.roles, name: users.name, login: users.login })
          .from(users)
          .where(eq(users.uuid, claims.uuid));
        request.user = current
          ? { ...claims, roles: current.roles, name: current.name, username: current.login }
          : null;
      }
    }
    // Decided on the route that matched, never on the raw URL (which may be percent-encoded).
    // An unmatched path falls through to the 404 handler, which needs no token.
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    if (!request.user) throw unauthorized();
    const roles = config.roles;
    if (roles && !roles.some((r) => request.user?.roles.includes(r))) throw forbidden();
  });
});

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const adminOnly = { roles: ['ROLE_ADMIN'] as Role[] };
export const requestIsAdmin = (request: FastifyRequest) => isAdmin(request.user?.roles);

/** The deleted views (a `deletionReason` filter) are for admins only, like restoring. */
export function assertMayListDeleted(request: FastifyRequest) {
  const asksDeleted = Object.keys((request.query ?? {}) as object).some((k) => k.startsWith('deletionReason'));
  if (asksDeleted && !isAdmin(request.user?.roles)) throw forbidden();
}

/** A soft-deleted record is read by admins only (the deleted views) and changed or sent by no one until it is restored. */
export function assertUsable(deletionReason: number, request: FastifyRequest, purpose: 'read' | 'write') {
  if (deletionReason > 0 && (purpose === 'write' || !isAdmin(request.user?.roles))) throw notFound();
}

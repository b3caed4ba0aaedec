import { isAdmin, isCustomerUser, type Role } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client.ts';
import { panelUsers, users } from '../db/schema/index.ts';
import type { AuthUser, TokenSigner } from '../modules/auth/tokens.ts';
import { isAdminOnlyOperation, isPanelOperation, isPublicOperation } from './access.ts';
import { forbidden, notFound, unauthorized } from './errors.ts';

const USER_RECORD_MS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops what the auth hook remembers of a user, after the user's roles changed or the user was deleted. */
    forgetUser(uuid: string): void;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** No token needed (login, refresh, the public offer pages). */
    public?: boolean;
    /** Roles of which the user needs one; the default is any logged-in user. */
    roles?: Role[];
    /** The customer panel's own routes (issue 37): only a ROLE_CUSTOMER user, and such a user only these. */
    panel?: boolean;
  }
}

/** Every /api route needs a valid bearer token unless it is marked public; roles are checked here too. */
export const authPlugin = fp<{ signer: TokenSigner; db: DbOrTx }>(async (app: FastifyInstance, { signer, db }) => {
  app.decorateRequest('user', null);
  // Only /api routes need a token; the single-page app's files and its '/' are public. An /api route's access is
  // the one of http/access.ts; a route that says otherwise stops the start, so the list and the routes never differ.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) {
      route.config = { ...(route.config ?? {}), public: true };
      return;
    }
    // The documentation, and routes left out of it (the backup control route: loopback and its own key).
    if (route.url.startsWith('/api/docs') || (route.schema as { hide?: boolean } | undefined)?.hide) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const admin = isAdminOnlyOperation(method, route.url);
      const open = isPublicOperation(method, route.url);
      const panel = isPanelOperation(method, route.url);
      const saysAdmin = route.config?.roles?.includes('ROLE_ADMIN') ?? false;
      const saysPublic = route.config?.public === true;
      const saysPanel = route.config?.panel === true;
      if (admin !== saysAdmin || open !== saysPublic || panel !== saysPanel) {
        throw new Error(
          `${method} ${route.url}: its access (adminOnly/public) differs from src/http/access.ts; change both together`,
        );
      }
      if (admin) route.config = { ...(route.config ?? {}), roles: ['ROLE_ADMIN'] };
    }
  });
  // The roles are read from the user's record, not from the token: a deleted user is out and a demoted admin loses
  // the rights at once, not when the token expires. The record is kept for 2 s so that a burst of requests reads it
  // once; a change through this instance forgets it at once (forgetUser), another instance's within 2 s.
  type UserRecord = { roles: string[]; name: string; login: string; customerId: number | null };
  const records = new Map<string, { at: number; record: UserRecord | null }>();
  const recordOf = async (uuid: string) => {
    const cached = records.get(uuid);
    if (cached && performance.now() - cached.at < USER_RECORD_MS) return cached.record;
    const [row] = await db
      .select({
        roles: users.roles,
        name: users.name,
        login: users.login,
        customerId: panelUsers.customerId,
        panelActive: panelUsers.active,
      })
      .from(users)
      .leftJoin(panelUsers, eq(panelUsers.userId, users.id))
      .where(eq(users.uuid, uuid));
    // A panel user who was disabled (or lost the customer) is out at once, as a deleted user is.
    const record =
      !row || (isCustomerUser(row.roles) && !row.panelActive)
        ? null
        : { roles: row.roles, name: row.name, login: row.login, customerId: row.customerId };
    if (records.size >= 10_000) records.clear();
    records.set(uuid, { at: performance.now(), record });
    return record;
  };
  app.decorate('forgetUser', (uuid: string) => {
    records.delete(uuid);
  });

  app.addHook('onRequest', async (request) => {
    // Decided on the route that matched, never on the raw URL (which may be percent-encoded).
    // An unmatched path falls through to the 404 handler, which needs no token; public routes read none.
    const config = request.routeOptions.config;
    if (!request.routeOptions.url || config.public) return;
    const header = request.headers.authorization;
    const claims = header?.startsWith('Bearer ') ? await signer.verify(header.slice(7).trim()) : null;
    const record = claims ? await recordOf(claims.uuid) : null;
    if (!claims || !record) throw unauthorized();
    request.user = {
      ...claims,
      roles: record.roles,
      name: record.name,
      username: record.login,
      customerId: record.customerId,
    };
    // A customer's login reaches the panel's routes only, and only a customer's login reaches them.
    if (isCustomerUser(record.roles) !== (config.panel === true)) throw forbidden();
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

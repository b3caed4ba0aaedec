import { isAdmin, type Role } from '@spedycja/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthUser, TokenSigner } from '../modules/auth/tokens.ts';
import { forbidden, unauthorized } from './errors.ts';

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
export const authPlugin = fp<{ signer: TokenSigner }>(async (app: FastifyInstance, { signer }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const config = request.routeOptions.config;
    const header = request.headers.authorization;
    if (header?.startsWith('Bearer ')) {
      request.user = await signer.verify(header.slice(7).trim());
    }
    // Unknown /api paths fall through to the 404 handler, which needs no token.
    // The static files' catch-all route is public; an unknown /api path under it falls through to a 404.
    if (config.public || !request.routeOptions.url || request.routeOptions.url === '/*') return;
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

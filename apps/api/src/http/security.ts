import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers (helmet) that work from every computer of the office. `upgrade-insecure-requests` and HSTS make a
 * browser ask for everything over HTTPS; on a plain-HTTP server reached by its LAN name or address (not localhost,
 * which browsers exempt) every script and stylesheet would then fail and the page stay blank. So both (and
 * Cross-Origin-Opener-Policy, which such an origin cannot use) are sent only on HTTPS: the server's own TLS
 * (TLS_CERT/TLS_KEY), or a proxy that says so in X-Forwarded-Proto (TRUST_PROXY=true).
 */

/** One year, as helmet's default. */
const HSTS = 'max-age=31536000; includeSubDomains';
const UPGRADE = 'upgrade-insecure-requests';

export const isHttps = (request: FastifyRequest) => request.protocol === 'https';

/** The CSP as it should be for this request: the upgrade directive over HTTPS only (also on Swagger UI's own CSP). */
export function adjustCsp(csp: string, https: boolean): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && d.toLowerCase() !== UPGRADE);
  if (https) directives.push(UPGRADE);
  return directives.join('; ');
}

/** The origin of MAP_TILES_URL ('https://{s}.tile.example/{z}/{x}/{y}.png' → 'https://*.tile.example'), for img-src. */
export function tilesOrigin(url: string | undefined): string | null {
  if (!url) return null;
  const match = /^(https?:\/\/)([^/]+)/.exec(url);
  if (!match) return null;
  return `${match[1]}${(match[2] as string).replace(/^\{s\}\./, '*.')}`;
}

export const securityHeaders = fp(async (app: FastifyInstance, options: { mapTilesUrl?: string | undefined }) => {
  // Issue 39: the order modal's map loads its tiles from MAP_TILES_URL, when set.
  const tiles = tilesOrigin(options.mapTilesUrl);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Mantine writes its styles inline.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', ...(tiles ? [tiles] : [])],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    strictTransportSecurity: false,
  });
  const adjust: onSendHookHandler = async (request, reply, payload) => {
    const https = isHttps(request);
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', adjustCsp(csp, https));
    if (https) reply.header('strict-transport-security', HSTS);
    else {
      reply.removeHeader('strict-transport-security');
      // Browsers ignore it on an untrustworthy (plain-HTTP, non-localhost) origin, with an error in the console.
      reply.removeHeader('cross-origin-opener-policy');
    }
    return payload;
  };
  // For answers outside any route (404s), and again as each route's last onSend: a plugin's own hook (Swagger UI
  // sets its CSP, with upgrade-insecure-requests, in one) runs after the instance's.
  app.addHook('onSend', adjust);
  app.addHook('onRoute', (route) => {
    route.onSend = [...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []), adjust];
  });
});

import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** A host as a browser sends it: a name or an address, with an optional port. Anything else is not trusted. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/**
 * The base of links in an e-mail a request causes: PUBLIC_URL when set; otherwise the address the app was reached at
 * (`http://office-pc:8080` from the office network; behind a proxy with TRUST_PROXY, the forwarded one), so that the
 * link works from where the user is, not only on the server's own localhost.
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'publicUrlSet'>, request: FastifyRequest): string {
  if (config.publicUrlSet) return config.publicUrl;
  const host = request.host;
  if (!host || !HOST.test(host)) return config.publicUrl;
  return `${request.protocol === 'https' ? 'https' : 'http'}://${host}`;
}

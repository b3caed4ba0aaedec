import createClient from 'openapi-fetch';
import type { paths } from './openapi.d.ts';
import { type KsefClient, KsefError } from './types.ts';

type ExceptionBody = {
  exception?: { exceptionDetailList?: { exceptionCode?: number; exceptionDescription?: string; details?: string[] }[] };
  title?: string;
  detail?: string;
};

/** Retry-After in seconds or as an HTTP date. */
function retryAfterOf(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - Date.now()) / 1000)) : null;
}

function errorOf(response: Response, body: unknown): KsefError {
  const detail = (body as ExceptionBody | undefined)?.exception?.exceptionDetailList?.[0];
  const description =
    [detail?.exceptionDescription, ...(detail?.details ?? [])].filter(Boolean).join(' ') ||
    (body as ExceptionBody | undefined)?.detail ||
    (body as ExceptionBody | undefined)?.title ||
    response.statusText ||
    `HTTP ${response.status}`;
  return new KsefError(
    'http',
    description,
    response.status,
    detail?.exceptionCode ?? null,
    retryAfterOf(response.headers.get('retry-after')),
  );
}

/**
 * KSeF API 2.0 over HTTP with openapi-fetch and the types generated from open-api.json. `baseUrl` is the
 * environment's (or KSEF_API_URL); every call times out after `timeoutMs`.
 */
export function createKsefClient(options: { baseUrl: string; timeoutMs?: number }): KsefClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const api = createClient<paths>({
    baseUrl,
    fetch: (request) => fetch(request, { signal: AbortSignal.timeout(timeoutMs) }),
  });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** Unwraps an openapi-fetch answer; a thrown fetch (no answer) is a network error. */
  async function call<T>(
    work: () => Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<NonNullable<T>> {
    let result: { data?: T; error?: unknown; response: Response };
    try {
      result = await work();
    } catch (error) {
      throw new KsefError('network', error instanceof Error ? error.message : String(error));
    }
    if (!result.response.ok) throw errorOf(result.response, result.error);
    return result.data as NonNullable<T>;
  }

  async function text(work: () => Promise<{ data?: unknown; error?: unknown; response: Response }>) {
    let result: { data?: unknown; error?: unknown; response: Response };
    try {
      result = await work();
    } catch (error) {
      throw new KsefError('network', error instanceof Error ? error.message : String(error));
    }
    if (!result.response.ok) throw errorOf(result.response, result.error);
    return result.data as string;
  }

  return {
    baseUrl,
    publicKeyCertificates: () => call(() => api.GET('/security/public-key-certificates')),
    challenge: () => call(() => api.POST('/auth/challenge')),
    authenticateWithToken: (body) => call(() => api.POST('/auth/ksef-token', { body })),
    authStatus: (referenceNumber, token) =>
      call(() => api.GET('/auth/{referenceNumber}', { params: { path: { referenceNumber } }, headers: bearer(token) })),
    redeem: (token) => call(() => api.POST('/auth/token/redeem', { headers: bearer(token) })),
    refresh: (token) => call(() => api.POST('/auth/token/refresh', { headers: bearer(token) })),
    openOnlineSession: (token, body) => call(() => api.POST('/sessions/online', { body, headers: bearer(token) })),
    sendInvoice: (token, referenceNumber, body) =>
      call(() =>
        api.POST('/sessions/online/{referenceNumber}/invoices', {
          params: { path: { referenceNumber } },
          body,
          headers: bearer(token),
        }),
      ),
    async closeOnlineSession(token, referenceNumber) {
      await text(() =>
        api.POST('/sessions/online/{referenceNumber}/close', {
          params: { path: { referenceNumber } },
          headers: bearer(token),
          parseAs: 'text',
        }),
      );
    },
    invoiceStatus: (token, referenceNumber, invoiceReferenceNumber) =>
      call(() =>
        api.GET('/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}', {
          params: { path: { referenceNumber, invoiceReferenceNumber } },
          headers: bearer(token),
        }),
      ),
    sessionInvoices: (token, referenceNumber, continuationToken) =>
      call(() =>
        api.GET('/sessions/{referenceNumber}/invoices', {
          params: {
            path: { referenceNumber },
            query: { pageSize: 1000 },
            header: continuationToken ? { 'x-continuation-token': continuationToken } : {},
          },
          headers: bearer(token),
        }),
      ),
    invoiceUpo: (token, referenceNumber, invoiceReferenceNumber) =>
      text(() =>
        api.GET('/sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo', {
          params: { path: { referenceNumber, invoiceReferenceNumber } },
          headers: bearer(token),
          parseAs: 'text',
        }),
      ),
    queryMetadata: (token, body, { pageOffset, pageSize }) =>
      call(() =>
        api.POST('/invoices/query/metadata', {
          params: { query: { pageOffset, pageSize, sortOrder: 'Asc' } },
          body,
          headers: bearer(token),
        }),
      ),
    invoiceXml: (token, ksefNumber) =>
      text(() =>
        api.GET('/invoices/ksef/{ksefNumber}', {
          params: { path: { ksefNumber } },
          headers: bearer(token),
          parseAs: 'text',
        }),
      ),
  };
}

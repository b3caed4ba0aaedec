import { apiMessages, type HydraCollection, type ProblemDetails, type TokenPair } from '@spedycja/domain';
import { NETWORK_RETRY_MS, newIdempotencyKey } from './idempotencyKey.ts';
import { session } from './session.ts';

export { newIdempotencyKey };

/**
 * The one HTTP client of the app. It adds the bearer token, and on a 401 it refreshes the token
 * once and retries. Refreshes are single-flight: concurrent 401s in this tab share one promise,
 * and tabs take turns through a Web Lock, because a refresh token works only once (rotation) and
 * a second tab replaying it would revoke the whole session.
 */

export const API_BASE = '/api';
export const TOKEN_REFRESH_LOCK = 'spedycja-token-refresh';

export type Violation = { propertyPath: string; message: string };

export class ApiError extends Error {
  /** The HTTP status; 0 when the server gave no response. */
  readonly status: number;
  /** The server's Polish explanation (problem+json `detail`), when it sent one. */
  readonly detail: string | null;
  readonly violations: Violation[];
  /** The API path asked (`/api/orders/{uuid}`), for a 412 to show that record's changes. */
  path: string | null = null;

  constructor(status: number, detail: string | null, violations: Violation[] = []) {
    super(detail ?? (status ? `HTTP ${status}` : 'Brak odpowiedzi serwera'));
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.violations = violations;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** Login, refresh and logout: no bearer, and a 401 is an answer rather than an expired token. */
  anonymous?: boolean;
  /** The Accept header; JSON-LD by default (a file download asks for anything). */
  accept?: string;
  /**
   * The Idempotency-Key of a write. Every POST/PUT/PATCH/DELETE gets a new one by default, kept across this
   * client's retries of it (the 401 refresh, a lost connection), so that the server runs it once.
   */
  idempotencyKey?: string;
  /** If-Match: the ETag (`W/"{version}"`) of the record as the user saw it; a newer one on the server is a 412. */
  ifMatch?: string;
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The version of each record as this tab last read it (`@id` → version), from every item and list it fetched. A
 * PUT, PATCH or DELETE of that record sends it as If-Match, so that a save over someone else's newer change is a 412
 * instead of silently overwriting it; every form and inline edit gets this without doing anything.
 */
const seenVersions = new Map<string, number>();
/**
 * Records open in a form (`@id` → how many forms hold it). A read made meanwhile by someone else's hand — a list
 * refreshed behind the modal, a late answer — must not move the version the form's save is based on, or the save would
 * overwrite the change the user never saw. Only this tab's own writes move it: the answer to a write of the record,
 * or, after a write that answered with something else, the next read of it. 'Wczytaj ponownie' (forgetVersion, then
 * a read) too.
 */
const heldVersions = new Map<string, number>();
/** Held records whose next read counts (`@id` → the request number after which a read was sent after the write). */
const takeNextRead = new Map<string, number>();
/** Numbers the requests in the order they were sent: a read sent before a write cannot show what the write did. */
let requestCount = 0;

/** Records the versions in an answer to the request numbered `sent`; returns the `@id`s it recorded. */
function rememberVersions(body: unknown, sent: number, ownWrite: boolean, recorded = new Set<string>()): Set<string> {
  if (typeof body !== 'object' || body === null) return recorded;
  const record = body as { '@id'?: unknown; version?: unknown; 'hydra:member'?: unknown };
  const id = record['@id'];
  if (typeof id === 'string' && typeof record.version === 'number') {
    const after = takeNextRead.get(id);
    if (ownWrite || !heldVersions.has(id) || !seenVersions.has(id) || (after !== undefined && sent > after)) {
      seenVersions.set(id, record.version);
      takeNextRead.delete(id);
      recorded.add(id);
    }
  }
  if (Array.isArray(record['hydra:member'])) {
    for (const member of record['hydra:member']) rememberVersions(member, sent, false, recorded);
  }
  return recorded;
}

/**
 * After a write of this tab that answered with something other than a held record: the held records take their
 * version from their next read. The write may have changed them (a registry check, a payment booked on the open
 * invoice, a document removed from the open order), and a modal is in front of everything else, so a write while one
 * is open is the form's own doing.
 */
function afterOwnWrite(recorded: Set<string>) {
  for (const id of heldVersions.keys()) if (!recorded.has(id)) takeNextRead.set(id, requestCount);
}

/** A form edits the record at `path` as read now: until the returned release, others' reads keep its version. */
export function holdVersion(path: string): () => void {
  const id = `${API_BASE}${path}`;
  heldVersions.set(id, (heldVersions.get(id) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (heldVersions.get(id) ?? 1) - 1;
    if (left > 0) heldVersions.set(id, left);
    else {
      heldVersions.delete(id);
      takeNextRead.delete(id);
    }
  };
}

/** The ETag to send with a write of `path`, when this tab has read that record. */
export function ifMatchFor(path: string): string | undefined {
  const version = seenVersions.get(`${API_BASE}${path}`);
  return version === undefined ? undefined : `W/"${version}"`;
}

/** After 'Wczytaj ponownie': the version on the server becomes the one the next save is based on. */
export function forgetVersion(path: string) {
  seenVersions.delete(`${API_BASE}${path}`);
}
/** How many times a write the server undid in a collision (503 + Retry-After) is sent again. */
const COLLISION_RETRIES = 2;

let handleSessionExpired: () => void = () => {};

/** The app decides where a user whose session ended goes (the router is not known here). */
export function configureApiClient(options: { onSessionExpired: () => void }) {
  handleSessionExpired = options.onSessionExpired;
}

/** `/users`, {page: 2, 'order[name]': 'asc'} -> `/api/users?page=2&order%5Bname%5D=asc`; empty values are left out. */
export function buildUrl(path: string, params?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key.endsWith('[]') ? key : `${key}[]`, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/ld+json, application/json;q=0.9' };
  // A FormData body (an upload) goes as multipart, with the boundary the browser sets.
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['Content-Type'] = 'application/json';
  if (token && !options.anonymous) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.ifMatch) headers['If-Match'] = options.ifMatch;
  try {
    return await fetch(buildUrl(path, options.params), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// A hand check rather than the domain's tokenPairSchema: zod (24 kB gzipped) stays out of the first load of every page.
function isTokenPair(body: unknown): body is TokenPair {
  if (typeof body !== 'object' || body === null) return false;
  const pair = body as Record<string, unknown>;
  return typeof pair.token === 'string' && typeof pair.refreshToken === 'string';
}

function isProblem(body: unknown): body is Partial<ProblemDetails> {
  return typeof body === 'object' && body !== null;
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  if (!isProblem(body)) return new ApiError(response.status, null);
  const detail = typeof body.detail === 'string' && body.detail ? body.detail : null;
  const violations = Array.isArray(body.violations)
    ? body.violations.filter(
        (v): v is Violation => typeof v?.propertyPath === 'string' && typeof v?.message === 'string',
      )
    : [];
  return new ApiError(response.status, detail, violations);
}

function expireSession() {
  session.clear();
  handleSessionExpired();
}

/** Runs `work` while holding the cross-tab refresh lock, where the browser has Web Locks. */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;
  if (locks && typeof locks.request === 'function') return locks.request(TOKEN_REFRESH_LOCK, work) as Promise<T>;
  return work();
}

async function refreshUnderLock(failedToken: string | null): Promise<string | null> {
  const current = session.getToken();
  // Another tab (or an earlier refresh here) already replaced the token that failed: use the new one.
  if (current && current !== failedToken) return current;
  const refreshToken = session.getRefreshToken();
  if (!refreshToken) {
    expireSession();
    return null;
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/token/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (response.status === 401 || response.status === 400) {
    expireSession();
    return null;
  }
  if (!response.ok) throw await toApiError(response);
  const pair: unknown = await response.json();
  if (!isTokenPair(pair)) throw new ApiError(response.status, null);
  session.setTokens({ token: pair.token, refreshToken: pair.refreshToken });
  return pair.token;
}

let refreshInFlight: Promise<string | null> | null = null;

/** A new access token, or null when the session is over (the user is then logged out). */
export function refreshAccessToken(failedToken: string | null): Promise<string | null> {
  if (!refreshInFlight) {
    refreshInFlight = withRefreshLock(() => refreshUnderLock(failedToken)).finally(() => {
      refreshInFlight = null;
    });
  }
  return refreshInFlight;
}

/** The successful response itself (after a refresh and retry on a 401); an ApiError otherwise. */
async function respond(path: string, given: RequestOptions): Promise<Response> {
  const isWrite = WRITES.has(given.method ?? 'GET') && !given.anonymous;
  const edits = ['PUT', 'PATCH', 'DELETE'].includes(given.method ?? 'GET');
  const options = isWrite
    ? {
        ...given,
        idempotencyKey: given.idempotencyKey ?? newIdempotencyKey(),
        ifMatch: given.ifMatch ?? (edits ? ifMatchFor(path) : undefined),
      }
    : given;
  const usedToken = options.anonymous ? null : session.getToken();
  // A write whose answer was lost goes again with the same key: the server ran it at most once.
  const sendRetrying = async (token: string | null) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await send(path, options, token);
        // A write the database undid because it met another one (503 with Retry-After): sent again, same key.
        const retryAfter = Number(response.headers.get('retry-after'));
        if (isWrite && response.status === 503 && retryAfter > 0 && attempt < COLLISION_RETRIES) {
          await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter, 3) * 1000));
          continue;
        }
        return response;
      } catch (error) {
        const delay = NETWORK_RETRY_MS[attempt];
        if (!isWrite || delay === undefined || !(error instanceof ApiError) || error.status !== 0) throw error;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };
  let response = await sendRetrying(usedToken);
  if (response.status === 401 && !options.anonymous) {
    const freshToken = await refreshAccessToken(usedToken);
    if (!freshToken) throw new ApiError(401, apiMessages.refreshInvalid);
    response = await sendRetrying(freshToken);
  }
  if (!response.ok) {
    const error = await toApiError(response);
    error.path = `${API_BASE}${path}`;
    throw error;
  }
  return response;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const sent = ++requestCount;
  const body = await readBody(await respond(path, options));
  const ownWrite = WRITES.has(options.method ?? 'GET') && !options.anonymous;
  const recorded = rememberVersions(body, sent, ownWrite);
  if (ownWrite) afterOwnWrite(recorded);
  return body as T;
}

/**
 * The file name of a content-disposition header: `filename*=UTF-8''…` (RFC 5987) first, then
 * `filename="…"` or a bare `filename=…`; null when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header);
  if (quoted?.[1]) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/.exec(header);
  return bare?.[1] ?? null;
}

export type DownloadedFile = { blob: Blob; fileName: string | null };

/** A file (an order's PDF or Word document) with its server-given name, through the same token handling. */
async function requestFile(path: string, extra?: Omit<RequestOptions, 'method' | 'body'>): Promise<DownloadedFile> {
  const response = await respond(path, { ...extra, accept: extra?.accept ?? '*/*' });
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

type Extra = Omit<RequestOptions, 'method' | 'body' | 'params'>;

export const api = {
  get: <T>(path: string, params?: QueryParams, extra?: Extra) => request<T>(path, { ...extra, params }),
  /** A Hydra collection: `hydra:member` and `hydra:totalItems`. */
  list: <T>(path: string, params?: QueryParams, extra?: Extra) =>
    request<HydraCollection<T>>(path, { ...extra, params }),
  post: <T>(path: string, body?: unknown, extra?: Extra) => request<T>(path, { ...extra, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, extra?: Extra) => request<T>(path, { ...extra, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, extra?: Extra) => request<T>(path, { ...extra, method: 'PATCH', body }),
  /** DELETE; a body only where the route takes one (a payment's cancellation reason). */
  del: <T = void>(path: string, extra?: Extra, body?: unknown) =>
    request<T>(path, { ...extra, method: 'DELETE', body }),
  /** GET a file: its body as a Blob and the name from content-disposition. */
  file: (path: string, params?: QueryParams, extra?: Extra) => requestFile(path, { ...extra, params }),
};

export type { HydraCollection };

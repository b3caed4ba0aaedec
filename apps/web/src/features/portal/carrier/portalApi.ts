/**
 * The carrier's calls (no login: the token in the address is the key). Plain fetch: the carrier's page loads none of
 * the staff app's client. A refusal carries the server's Polish detail (and, for a dead link, the brokerage's phone).
 */

import { NETWORK_RETRY_MS, newIdempotencyKey } from '../../../lib/idempotencyKey.ts';

export type PortalDocument = {
  uuid: string;
  kind: 'cmr' | 'invoice' | 'other';
  fileName: string;
  contentType: string;
  size: number;
  addedAt: string;
  source: 'carrier' | 'staff';
};

export type PortalView = {
  number: string;
  language: 'pl' | 'en';
  document: {
    title: string;
    parties: { heading: string; rows: [string, string][] }[];
    sections: { heading: string; rows: [string, string][] }[];
    notes: string | null;
    terms: string[];
  };
  loadingFinished: boolean;
  vehicle: {
    driverName: string | null;
    driverPhone: string | null;
    truckPlate: string | null;
    trailerPlate: string | null;
    note: string | null;
  };
  state: {
    acceptedAt: string | null;
    declinedAt: string | null;
    declineReason: string | null;
    vehicleAt: string | null;
    loadedAt: string | null;
    unloadedAt: string | null;
  };
  documents: PortalDocument[];
  brokerage: { name: string | null; phone: string | null };
};

export class PortalError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    readonly phone: string | null = null,
  ) {
    super(detail ?? `HTTP ${status}`);
  }
}

export const tokenFromPath = (pathname: string) =>
  decodeURIComponent(pathname.replace(/^\/p\//, '').split('/')[0] ?? '');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A write carries an Idempotency-Key, kept while a lost connection is retried: a phone losing the answer to
 * 'Przyjmuję zlecenie' or to an upload and sending again gets the first answer back instead of a second record.
 */
const FIGURES = ['invoiceNumber', 'invoiceIssueDate', 'invoiceGrossAmount'];

async function call<T>(token: string, tail: string, init: RequestInit = {}): Promise<T> {
  const key = init.method && init.method !== 'GET' ? newIdempotencyKey() : null;
  const send = () =>
    fetch(`/api/public/portal/${encodeURIComponent(token)}${tail}`, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(typeof init.body === 'string' ? { 'Content-Type': 'application/json' } : {}),
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
    });
  let response: Response | undefined;
  for (const delay of [0, ...(key ? NETWORK_RETRY_MS : [])]) {
    if (delay) await wait(delay);
    try {
      response = await send();
      break;
    } catch {
      // Sent again below with the same key; after the last try the page says the connection failed.
    }
  }
  if (!response) throw new PortalError(0, null);
  const body = await response.json().catch(() => null);
  if (!response.ok) {
    throw new PortalError(response.status, body?.detail ?? null, body?.brokeragePhone ?? null);
  }
  return body as T;
}

/** The address of a file's preview (a PDF or a picture, inline): the token in it is the key, as for the page. */
export const previewUrl = (token: string, uuid: string) =>
  `/api/public/portal/${encodeURIComponent(token)}/documents/${encodeURIComponent(uuid)}/content`;

export const portalApi = {
  get: (token: string) => call<PortalView>(token, ''),
  accept: (token: string) => call<PortalView>(token, '/accept', { method: 'POST' }),
  decline: (token: string, reason: string) =>
    call<PortalView>(token, '/decline', { method: 'POST', body: JSON.stringify({ reason }) }),
  vehicle: (token: string, vehicle: Record<string, string>) =>
    call<PortalView>(token, '/vehicle', { method: 'PUT', body: JSON.stringify(vehicle) }),
  event: (token: string, type: 'loaded' | 'unloaded', at: string) =>
    call<PortalView>(token, '/events', { method: 'POST', body: JSON.stringify({ type, ...(at ? { at } : {}) }) }),
  /** With an invoice, what the carrier typed: its number, issue date and gross (issue 38). */
  upload: (token: string, kind: string, file: File, figures: string[] = []) => {
    const form = new FormData();
    form.append('kind', kind);
    figures.forEach((v, i) => {
      if (v) form.append(FIGURES[i] as string, v);
    });
    form.append('file', file);
    return call<PortalDocument>(token, '/documents', { method: 'POST', body: form });
  },
  /** Issue 39: the phone's position ('Udostępnij lokalizację', 'Jestem tutaj'). */
  position: (token: string, p: { lat: number; lon: number; accuracy: number; at: string }) =>
    call<{ saved: boolean }>(token, '/positions', { method: 'POST', body: JSON.stringify(p) }),
  invoice: (token: string, ksefNumber: string) =>
    call<PortalView>(token, '/invoice', { method: 'POST', body: JSON.stringify({ ksefNumber }) }),
};

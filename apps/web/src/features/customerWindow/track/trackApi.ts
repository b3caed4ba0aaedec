/**
 * The customer's tracking page's one call (no login: the token in the address is the key). Plain fetch: the page
 * loads none of the staff app's client. A dead link answers 404 with the brokerage's phone.
 */
import type { TrackLanguage, TrackStatus } from '@spedycja/domain';

export type TrackPlace = {
  streetAddress: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  date: string | null;
};

export type TrackInvoice = {
  uuid: string;
  type: string;
  number: string;
  createdDate: string | null;
  paymentDate: string | null;
  currency: string;
  totalGross: number;
  paidAmount: number;
  dueAmount: number;
  status: 'zaplacona' | 'czesciowo' | 'niezaplacona' | 'po_terminie';
  url: string;
};

export type TrackView = {
  number: string;
  language: TrackLanguage;
  status: TrackStatus;
  route: { loading: TrackPlace; unloading: TrackPlace };
  cargo: string | null;
  cargoWeight: number | null;
  timeline: { type: string; at: string; by: 'carrier' | 'office' }[];
  /** Issue 39: the last position's nearest town and the ETA (never the trail); null without a position. */
  whereabouts?: {
    town: string | null;
    country: string | null;
    at: string;
    eta: { at: string; status: 'ok' | 'zagrozone' | 'opoznienie' };
  } | null;
  vehicle: {
    truckPlate: string | null;
    trailerPlate: string | null;
    driverFirstName: string | null;
    driverPhone: string | null;
  } | null;
  documents: { uuid: string; kind: string; fileName: string; contentType: string; url: string }[];
  invoices: TrackInvoice[];
  brokerage: { name: string | null; phone: string | null; email: string | null };
};

export type TrackFailure = { status: number; detail: string | null; phone: string | null };

export const trackTokenFromPath = (pathname: string) =>
  decodeURIComponent(pathname.replace(/^\/t\//, '').split('/')[0] ?? '');

export async function fetchTrack(token: string): Promise<TrackView> {
  const response = await fetch(`/api/public/track/${encodeURIComponent(token)}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string; brokeragePhone?: string };
    throw { status: response.status, detail: body.detail ?? null, phone: body.brokeragePhone ?? null } as TrackFailure;
  }
  return (await response.json()) as TrackView;
}

/**
 * The customer panel's calls (issue 37), through the app's one API client (the bearer token of the panel login,
 * refreshed on a 401). Only /api/panel/…, the invitation and the tracking link's files: nothing of the staff's API.
 */
import type { TrackLanguage, TrackStatus } from '@spedycja/domain';
import { api, type QueryParams } from '../../../lib/apiClient.ts';
import type { TrackInvoice, TrackView } from '../track/trackApi.ts';

export type PanelMe = {
  name: string;
  username: string;
  customer: { companyName: string | null };
  language: TrackLanguage;
};
export type PanelOrder = {
  uuid: string;
  number: string;
  status: TrackStatus;
  cargo: string | null;
  loadingCity: string | null;
  loadingCountry: string | null;
  loadingDate: string | null;
  unloadingCity: string | null;
  unloadingCountry: string | null;
  unloadingDate: string | null;
};
export type PanelQuery = {
  uuid: string;
  id: number;
  status: string;
  cargo: string | null;
  loadingCity: string | null;
  loadingDate: string | null;
  unloadingCity: string | null;
  unloadingDate: string | null;
  priceQuoted: number | null;
  currency: string;
  createdDate: string;
  fromPanel: boolean;
};
export type PanelInvoice = Omit<TrackInvoice, 'url'> & {
  url: string;
  interestNotes: { uuid: string; number: string; createdDate: string; interest: number; currency: string }[];
};
export type PanelBalance = { balances: { currency: string; due: number; overdue: number }[] };

export const panelApi = {
  me: () => api.get<PanelMe>('/panel/me'),
  orders: (params: QueryParams) => api.list<PanelOrder>('/panel/orders', params),
  order: (uuid: string) => api.get<TrackView & { trackUrl: string }>(`/panel/orders/${uuid}`),
  queries: () => api.list<PanelQuery>('/panel/queries', { pagination: false }),
  invoices: () => api.list<PanelInvoice>('/panel/invoices', { pagination: false }),
  balance: () => api.get<PanelBalance>('/panel/balance'),
  invoicePdf: (uuid: string) => api.file(`/panel/invoices/${uuid}/pdf`),
  createQuery: (body: Record<string, unknown>, idempotencyKey: string) =>
    api.post<{ uuid: string; message: string }>('/panel/queries', body, { idempotencyKey }),
  acceptInvitation: (token: string, password: string) =>
    api.post<{ message: string; username: string }>(
      `/panel/invitations/${encodeURIComponent(token)}/accept`,
      { password },
      { anonymous: true },
    ),
};

import type { DocumentKind, PortalEventType } from '@spedycja/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { officeTexts as t } from '../messages.ts';

export type PortalLinkState = {
  sentAt: string | null;
  revokedAt: string | null;
  active: boolean;
  acceptedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  vehicleAt: string | null;
  vehicleNote: string | null;
  loadedAt: string | null;
  unloadedAt: string | null;
  url: string | null;
  events: {
    id: number;
    type: PortalEventType;
    actor: 'carrier' | 'staff';
    user: string | null;
    detail: Record<string, unknown>;
    at: string;
  }[];
};

export type OrderDocument = {
  uuid: string;
  kind: DocumentKind;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  addedBy: string | null;
  addedAt: string;
  source: 'carrier' | 'staff';
  visibleToCustomer: boolean;
  /** Issue 38: what the carrier typed with an invoice's file; the carrier invoice the office made of it. */
  invoiceFigures?: { number: string | null; issueDate: string | null; grossAmount: number | null } | null;
  carrierInvoice?: string | null;
};

export const portalKeys = {
  link: (orderUuid: string) => ['portal', 'link', orderUuid] as const,
  documents: (orderUuid: string) => ['portal', 'documents', orderUuid] as const,
};

/** GET /api/orders/{uuid}/portal: the link's state and the timeline. */
export const usePortalLink = (orderUuid: string, enabled = true) =>
  useQuery({
    queryKey: portalKeys.link(orderUuid),
    queryFn: () => api.get<PortalLinkState>(`/orders/${orderUuid}/portal`),
    meta: { errorAction: t.loadError },
    enabled,
  });

/** GET /api/orders/{uuid}/documents. */
export const useOrderDocuments = (orderUuid: string) =>
  useQuery({
    queryKey: portalKeys.documents(orderUuid),
    queryFn: async () => (await api.list<OrderDocument>(`/orders/${orderUuid}/documents`))['hydra:member'],
    meta: { errorAction: t.loadError },
  });

function useRefresh(orderUuid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: portalKeys.link(orderUuid) }),
      client.invalidateQueries({ queryKey: portalKeys.documents(orderUuid) }),
    ]);
}

export const useRevokeLink = (orderUuid: string) => {
  const refresh = useRefresh(orderUuid);
  return useMutation({
    mutationFn: () => api.post<PortalLinkState>(`/orders/${orderUuid}/portal/revoke`),
    onSuccess: refresh,
  });
};

export const useUploadDocument = (orderUuid: string) => {
  const refresh = useRefresh(orderUuid);
  return useMutation({
    mutationFn: ({ file, kind }: { file: File; kind: DocumentKind }) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', file);
      return api.post<OrderDocument>(`/orders/${orderUuid}/documents`, form);
    },
    onSuccess: refresh,
  });
};

export const useRemoveDocument = (orderUuid: string) => {
  const refresh = useRefresh(orderUuid);
  return useMutation({
    mutationFn: ({ uuid, reason }: { uuid: string; reason: string }) =>
      api.post(`/remove/${uuid}`, { type: 'document', reason }),
    onSuccess: refresh,
  });
};

/** The bytes as uploaded (the bearer token cannot ride on a plain link): for the download. */
export const fetchDocument = (uuid: string) => api.file(`/documents/${uuid}/content`);

/** A signed address of the file's preview, good for a few minutes: a frame or a picture cannot send the token. */
export const fetchPreviewLink = (uuid: string) =>
  api.get<{ url: string; contentType: string; expiresAt: string }>(`/documents/${uuid}/previewLink`);

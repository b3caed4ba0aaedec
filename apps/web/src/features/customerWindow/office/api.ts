import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';

/** The office's side of the customer's window (issue 37): the order's 'Klient — link' and the customer's panel users. */

export type CustomerLinkState = {
  active: boolean;
  sentAt: string | null;
  revokedAt: string | null;
  firstOpenedAt: string | null;
  lastViewedAt: string | null;
  views: number;
  url: string | null;
  expired: boolean;
  orderPdfVisible: boolean;
  milestones: { milestone: string; at: string; to: string | null; mail: 'none' | 'kept' | 'queued' | 'sent' }[];
};

export type PanelUser = {
  '@id': string;
  uuid: string;
  email: string;
  name: string;
  active: boolean;
  createdAt: string;
  passwordSetAt: string | null;
  invitationExpiresAt: string | null;
};

export const customerWindowKeys = {
  link: (orderUuid: string) => ['customerWindow', 'link', orderUuid] as const,
  panelUsers: (customerUuid: string) => ['customerWindow', 'panelUsers', customerUuid] as const,
};

export const useCustomerLink = (orderUuid: string) =>
  useQuery({
    queryKey: customerWindowKeys.link(orderUuid),
    queryFn: () => api.get<CustomerLinkState>(`/orders/${orderUuid}/customer_link`),
  });

export const useIssueCustomerLink = (orderUuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rotate: boolean) => api.post<CustomerLinkState>(`/orders/${orderUuid}/customer_link`, { rotate }),
    onSuccess: (data) => client.setQueryData(customerWindowKeys.link(orderUuid), data),
  });
};

/** The order confirmation PDF's 'Widoczny dla klienta' (the page's and the panel's). */
export const useSetOrderPdfVisible = (orderUuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (visible: boolean) =>
      api.post<CustomerLinkState>(`/orders/${orderUuid}/customer_link`, { orderPdfVisible: visible }),
    onSuccess: (data) => client.setQueryData(customerWindowKeys.link(orderUuid), data),
  });
};

export const useRevokeCustomerLink = (orderUuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CustomerLinkState>(`/orders/${orderUuid}/customer_link/revoke`),
    onSuccess: (data) => client.setQueryData(customerWindowKeys.link(orderUuid), data),
  });
};

export const useSetDocumentVisible = (orderUuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, visible }: { uuid: string; visible: boolean }) =>
      api.put(`/documents/${uuid}`, { visibleToCustomer: visible }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['portal', 'documents', orderUuid] });
      void client.invalidateQueries({ queryKey: customerWindowKeys.link(orderUuid) });
    },
  });
};

export const usePanelUsers = (customerUuid: string) =>
  useQuery({
    queryKey: customerWindowKeys.panelUsers(customerUuid),
    queryFn: async () => (await api.list<PanelUser>(`/customers/${customerUuid}/panel_users`))['hydra:member'],
  });

export const useInvitePanelUser = (customerUuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string }) =>
      api.post<PanelUser>(`/customers/${customerUuid}/panel_users`, body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: customerWindowKeys.panelUsers(customerUuid) });
      void client.invalidateQueries({ queryKey: ['customers'] });
    },
  });
};

export const useSetPanelUserActive = (customerUuid: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, active }: { uuid: string; active: boolean }) =>
      api.put<PanelUser>(`/panel_users/${uuid}`, { active }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: customerWindowKeys.panelUsers(customerUuid) });
      void client.invalidateQueries({ queryKey: ['customers'] });
    },
  });
};

import type { OrderParty, OrderSendResult } from '@spedycja/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/apiClient.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ordersMessages as t } from '../messages.ts';
import { patchOrderInLists } from './cache.ts';

/**
 * POST /api/orders/{uuid}/send/{customer|carrier}: the document goes to the party's e-mail and the
 * order is marked sent. The server says what happened ('Zlecenie zostało wysłane do klienta!'), or
 * why not (422: the party has no e-mail).
 */
export const sendOrder = ({ uuid, party }: { uuid: string; party: OrderParty }) =>
  api.post<OrderSendResult>(`/orders/${uuid}/send/${party}`);

const sendAction = (party: OrderParty) => (party === 'customer' ? t.sendCustomer : t.sendCarrier);

/** Sends to one party; the success and the failure are notified per party (the action differs). */
export function useSendOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendOrder,
    onSuccess: (result, { party }) => {
      notifySuccess(result.message || (party === 'customer' ? t.sentToCustomer : t.sentToCarrier));
      return patchOrderInLists(queryClient, result.order);
    },
    onError: (error, { party }) => {
      // A 401 here means the session ended: the login page says enough.
      if (!(isApiError(error) && error.status === 401)) notifyError(sendAction(party), error);
    },
  });
}

/** 'Wyślij do obu': the customer first, then the carrier, each on its own (one failing does not stop the other). */
export async function sendToParties(
  send: (variables: { uuid: string; party: OrderParty }) => Promise<unknown>,
  uuid: string,
  parties: readonly OrderParty[],
): Promise<OrderParty[]> {
  const sent: OrderParty[] = [];
  for (const party of parties) {
    try {
      await send({ uuid, party });
      sent.push(party);
    } catch {
      // Notified by the mutation.
    }
  }
  return sent;
}

import type { OrderParty } from '@spedycja/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/apiClient.ts';
import { saveFile } from '../../../lib/download.ts';
import { ordersMessages as t } from '../messages.ts';

export type OrderDocumentFormat = 'pdf' | 'word';

export type OrderDownload = { uuid: string; number: string; format: OrderDocumentFormat; party: OrderParty };

/** The name to save under when the server gives none: 'zlecenie_12-11-2026_klient.pdf'. */
export function fallbackFileName({ number, format, party }: Omit<OrderDownload, 'uuid'>): string {
  const safe = number.replace(/[^0-9A-Za-z-]+/g, '-').replace(/^-+|-+$/g, '');
  return `zlecenie_${safe}_${party === 'carrier' ? 'przewoznik' : 'klient'}.${format === 'pdf' ? 'pdf' : 'docx'}`;
}

/** GET /api/orders/{uuid}/export/{pdf|word}/{customer|carrier}: saved under the server's file name. */
export async function downloadOrder(download: OrderDownload): Promise<string> {
  const { blob, fileName } = await api.file(`/orders/${download.uuid}/export/${download.format}/${download.party}`);
  const name = fileName ?? fallbackFileName(download);
  saveFile(blob, name);
  return name;
}

export const useDownloadOrder = () => useMutation({ mutationFn: downloadOrder, meta: { errorAction: t.download } });

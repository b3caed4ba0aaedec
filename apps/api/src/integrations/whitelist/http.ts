import { IntegrationError } from '../errors.ts';
import { type WhitelistClient, WL_BULK_MAX, WlRefusal, type WlSubject } from './types.ts';

const SERVICE = 'Biała lista VAT (MF)';

type RawSubject = { name?: string; nip?: string; statusVat?: string; accountNumbers?: string[] } | null | undefined;

const subjectOf = (raw: RawSubject): WlSubject | null =>
  raw?.nip
    ? {
        name: raw.name ?? '',
        nip: raw.nip,
        statusVat: raw.statusVat ?? 'Niezarejestrowany',
        accountNumbers: raw.accountNumbers ?? [],
      }
    : null;

/** The white list's REST API (`/api/search/nip/{nip}`, `/api/search/nips/{nips}`, `/api/check/nip/{nip}/bank-account/{account}`). */
export function createWhitelistClient(options: { url: string; timeoutMs?: number }): WhitelistClient {
  const base = options.url.replace(/\/$/, '');

  async function get<T>(path: string, date: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}?date=${encodeURIComponent(date)}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 8000),
      });
    } catch {
      throw new IntegrationError('unavailable', SERVICE, `${SERVICE} nie odpowiada`);
    }
    const body = (await res.json().catch(() => null)) as { code?: string; message?: string; result?: T } | null;
    if (body?.code) throw new WlRefusal(body.code, body.message ?? body.code, res.status === 429);
    if (!res.ok || !body?.result) throw new IntegrationError('unavailable', SERVICE, `${SERVICE}: HTTP ${res.status}`);
    return body.result;
  }

  return {
    async searchNip(nip, date) {
      const r = await get<{ subject?: RawSubject; requestId: string; requestDateTime?: string }>(
        `/api/search/nip/${encodeURIComponent(nip)}`,
        date,
      );
      return { subject: subjectOf(r.subject), requestId: r.requestId, requestDateTime: r.requestDateTime ?? null };
    },
    async searchNips(nips, date) {
      if (nips.length === 0 || nips.length > WL_BULK_MAX) throw new Error(`1–${WL_BULK_MAX} NIPs at once`);
      const r = await get<{
        entries?: { identifier: string; subjects?: RawSubject[]; error?: { code?: string } | null }[];
        requestId: string;
      }>(`/api/search/nips/${nips.map(encodeURIComponent).join(',')}`, date);
      return {
        requestId: r.requestId,
        entries: (r.entries ?? []).map((e) => ({
          identifier: e.identifier,
          subject: subjectOf(e.subjects?.[0]),
          error: e.error?.code ?? null,
        })),
      };
    },
    async checkAccount(nip, account, date) {
      const r = await get<{ accountAssigned: 'TAK' | 'NIE'; requestId: string; requestDateTime?: string }>(
        `/api/check/nip/${encodeURIComponent(nip)}/bank-account/${encodeURIComponent(account)}`,
        date,
      );
      return {
        accountAssigned: r.accountAssigned === 'TAK',
        requestId: r.requestId,
        requestDateTime: r.requestDateTime ?? null,
      };
    },
  };
}

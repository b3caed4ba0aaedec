import { IntegrationError } from '../errors.ts';
import type { ViesClient, ViesResult } from './types.ts';

const SERVICE = 'VIES';
/** Errors that mean "the member state cannot answer now", never "invalid". */
const TEMPORARY = new Set([
  'MS_UNAVAILABLE',
  'TIMEOUT',
  'SERVICE_UNAVAILABLE',
  'MS_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'SERVER_BUSY',
]);

type ViesAnswer = {
  countryCode?: string;
  vatNumber?: string;
  requestDate?: string;
  valid?: boolean;
  requestIdentifier?: string;
  name?: string;
  address?: string;
  actionSucceed?: boolean;
  errorWrappers?: { error?: string; message?: string }[];
};

/** VIES's REST service: `POST {VIES_API_URL}/check-vat-number {countryCode, vatNumber, requester…}`. */
export function createViesClient(options: { url: string; timeoutMs?: number }): ViesClient {
  const base = options.url.replace(/\/$/, '');
  return {
    async check(countryCode, vatNumber, requester) {
      let res: Response;
      try {
        res = await fetch(`${base}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            countryCode,
            vatNumber,
            ...(requester
              ? { requesterMemberStateCode: requester.countryCode, requesterNumber: requester.vatNumber }
              : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch {
        throw new IntegrationError('unavailable', SERVICE, `${SERVICE} nie odpowiada`);
      }
      const body = (await res.json().catch(() => null)) as ViesAnswer | null;
      const error = body?.errorWrappers?.[0]?.error;
      if (error) {
        if (TEMPORARY.has(error)) return { state: 'unavailable', countryCode, vatNumber, error } satisfies ViesResult;
        if (error === 'INVALID_INPUT') {
          return blank('invalid', countryCode, vatNumber);
        }
        throw new IntegrationError('unavailable', SERVICE, `${SERVICE}: ${error}`);
      }
      if (!res.ok || !body || typeof body.valid !== 'boolean') {
        throw new IntegrationError('unavailable', SERVICE, `${SERVICE}: HTTP ${res.status}`);
      }
      const dash = (v: string | undefined) => (v && v.trim() !== '---' ? v.trim() : null);
      return {
        state: body.valid ? 'valid' : 'invalid',
        countryCode: body.countryCode ?? countryCode,
        vatNumber: body.vatNumber ?? vatNumber,
        name: dash(body.name),
        address: dash(body.address),
        consultationNumber: body.requestIdentifier || null,
        requestDate: body.requestDate ?? null,
      };
    },
  };
}

const blank = (state: 'invalid', countryCode: string, vatNumber: string): ViesResult => ({
  state,
  countryCode,
  vatNumber,
  name: null,
  address: null,
  consultationNumber: null,
  requestDate: null,
});

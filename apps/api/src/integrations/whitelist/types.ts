/** The Ministry of Finance's VAT white list (Wykaz podatników VAT). */
export type WlSubject = {
  name: string;
  nip: string;
  /** 'Czynny' | 'Zwolniony'; a NIP the list does not hold is 'Niezarejestrowany'. */
  statusVat: string;
  accountNumbers: string[];
};
export type WlSearch = { subject: WlSubject | null; requestId: string; requestDateTime: string | null };
export type WlBulkSearch = {
  entries: { identifier: string; subject: WlSubject | null; error: string | null }[];
  requestId: string;
};
export type WlCheck = { accountAssigned: boolean; requestId: string; requestDateTime: string | null };

/**
 * Searches count against the list's daily limit (per IP); errors come as `{code: 'WL-1xx', message}`.
 * A refused input (an invalid NIP, WL-113/WL-115) is an IntegrationError with kind 'unavailable' only when the list
 * does not answer; the list's own refusals throw WlRefusal.
 */
export type WhitelistClient = {
  searchNip(nip: string, date: string): Promise<WlSearch>;
  searchNips(nips: string[], date: string): Promise<WlBulkSearch>;
  checkAccount(nip: string, account: string, date: string): Promise<WlCheck>;
};

export class WlRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly limit: boolean,
  ) {
    super(message);
  }
}

export const WL_PRODUCTION_URL = 'https://wl-api.mf.gov.pl';
export const WL_TEST_URL = 'https://wl-test.mf.gov.pl';
/** The list answers at most this many NIPs in one search. */
export const WL_BULK_MAX = 30;

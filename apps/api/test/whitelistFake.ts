import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local VAT white list (the Ministry of Finance's `wl-api.mf.gov.pl`): `/api/search/nip/{nip}?date=`,
 * `/api/search/nips/{nips}?date=` (up to 30), `/api/check/nip/{nip}/bank-account/{account}?date=`, each answer with
 * its `requestId`; errors as the list gives them, `{code, message}`: WL-113 (NIP's length), WL-115 (invalid NIP),
 * WL-130 (too many NIPs) and, after `searchLimit` searches in a day, the limit answer (HTTP 429).
 */
export type FakeWlSubject = { name: string; nip: string; statusVat: 'Czynny' | 'Zwolniony'; accountNumbers: string[] };

export const FAKE_WL_SUBJECTS: FakeWlSubject[] = [
  {
    name: 'TRANS-POL SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    nip: '5261040828',
    statusVat: 'Czynny',
    accountNumbers: ['61109010140000071219812874', '27114020040000300201355387'],
  },
  {
    name: 'ZAWIESZONY TRANSPORT JAN KOWALSKI',
    nip: '7792433421',
    statusVat: 'Zwolniony',
    accountNumbers: ['49102055581111123456789012'],
  },
];

export type FakeWhitelist = {
  url: string;
  requests: string[];
  /** Searches (by NIP, NIPs, account check) answered before the limit answer; Infinity by default. */
  setSearchLimit(limit: number): void;
  add(subject: FakeWlSubject): void;
  close(): Promise<void>;
};

const W = [6, 5, 7, 2, 3, 4, 5, 6, 7];
const nipValid = (n: string) => {
  const s = W.reduce((a, w, i) => a + w * Number(n[i]), 0) % 11;
  return s !== 10 && s === Number(n[9]);
};

export async function startFakeWhitelist(options: { port?: number; host?: string } = {}): Promise<FakeWhitelist> {
  const subjects = new Map(FAKE_WL_SUBJECTS.map((s) => [s.nip, s]));
  const requests: string[] = [];
  let limit = Number.POSITIVE_INFINITY;
  let used = 0;
  const requestId = () => `${randomBytes(2).toString('hex')}-${randomBytes(4).toString('hex')}`.slice(0, 13);
  const dateTime = () => new Date().toISOString().replace('T', ' ').slice(0, 19);
  const full = (s: FakeWlSubject) => ({
    name: s.name,
    nip: s.nip,
    statusVat: s.statusVat,
    regon: null,
    pesel: null,
    krs: null,
    residenceAddress: null,
    workingAddress: 'UL. TESTOWA 1, 00-001 WARSZAWA',
    representatives: [],
    authorizedClerks: [],
    partners: [],
    registrationLegalDate: '2015-01-01',
    registrationDenialBasis: null,
    registrationDenialDate: null,
    restorationBasis: null,
    restorationDate: null,
    removalBasis: null,
    removalDate: null,
    accountNumbers: s.accountNumbers,
    hasVirtualAccounts: false,
  });
  const nipError = (nip: string) =>
    !/^\d+$/.test(nip)
      ? { code: 'WL-114', message: "Pole 'NIP' zawiera niedozwolone znaki. Wymagane tylko cyfry (WL-114)." }
      : nip.length !== 10
        ? { code: 'WL-113', message: "Pole 'NIP' ma nieprawidłową długość. Wymagane 10 znaków (WL-113)." }
        : !nipValid(nip)
          ? { code: 'WL-115', message: 'Nieprawidłowy NIP (WL-115).' }
          : null;

  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://wl');
    const date = url.searchParams.get('date');
    if (!date) return json(400, { code: 'WL-101', message: "Pole 'data' nie może być puste (WL-101)." });
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      return json(400, { code: 'WL-102', message: "Pole 'data' ma nieprawidłowy format (WL-102)." });
    }
    if (++used > limit) {
      return json(429, { code: 'WL-191', message: 'Przekroczono dzienny limit zapytań (WL-191).' });
    }
    let m = /^\/api\/search\/nip\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const nip = decodeURIComponent(m[1] as string);
      const error = nipError(nip);
      if (error) return json(400, error);
      const s = subjects.get(nip);
      return json(200, {
        result: { subject: s ? full(s) : null, requestId: requestId(), requestDateTime: dateTime() },
      });
    }
    m = /^\/api\/search\/nips\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const nips = decodeURIComponent(m[1] as string).split(',');
      if (nips.length > 30) {
        return json(400, { code: 'WL-130', message: 'Przekroczono maksymalną liczbę 30 numerów (WL-130).' });
      }
      return json(200, {
        result: {
          entries: nips.map((nip) => {
            const error = nipError(nip);
            const s = subjects.get(nip);
            return { identifier: nip, subjects: s && !error ? [full(s)] : [], error: error ?? null };
          }),
          requestId: requestId(),
          requestDateTime: dateTime(),
        },
      });
    }
    m = /^\/api\/check\/nip\/([^/]+)\/bank-account\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const nip = decodeURIComponent(m[1] as string);
      const account = decodeURIComponent(m[2] as string);
      const error = nipError(nip);
      if (error) return json(400, error);
      if (!/^\d{26}$/.test(account)) {
        return json(400, { code: 'WL-109', message: "Pole 'numer konta' ma nieprawidłową długość (WL-109)." });
      }
      const assigned = subjects.get(nip)?.accountNumbers.includes(account) ?? false;
      return json(200, {
        result: { accountAssigned: assigned ? 'TAK' : 'NIE', requestId: requestId(), requestDateTime: dateTime() },
      });
    }
    return json(404, { code: 'WL-190', message: 'Niepoprawne żądanie (WL-190).' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    requests,
    setSearchLimit: (n) => {
      limit = n;
      used = 0;
    },
    add: (s) => subjects.set(s.nip, s),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

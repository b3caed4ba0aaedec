import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeXml, xmlText } from '../src/integrations/errors.ts';
import { GUS_TEST_KEY } from '../src/integrations/gus/types.ts';

/**
 * A local GUS REGON service speaking BIR1.1 as GUS does: SOAP 1.2 envelopes with WS-Addressing, answers in MTOM
 * (multipart/related, the envelope in an application/xop+xml part), `Zaloguj` → session id, the `sid` HTTP header on
 * every later call, search results as escaped XML inside `DaneSzukajPodmiotyResult`, an empty result explained by
 * `GetValue(KomunikatKod)`: 4 = no data, 7 = no session (expired or wrong sid).
 */
export type FakeGusCompany = {
  Regon: string;
  Nip: string;
  Nazwa: string;
  Miejscowosc: string;
  KodPocztowy: string;
  Ulica: string;
  NrNieruchomosci: string;
  NrLokalu?: string;
  Typ: 'P' | 'F';
  SilosID: '1' | '6';
  DataZakonczeniaDzialalnosci?: string;
  /** Full report: suspended since (YYYY-MM-DD). */
  suspendedOn?: string;
};

export const FAKE_GUS_COMPANIES: FakeGusCompany[] = [
  {
    Regon: '000331501',
    Nip: '5261040828',
    Nazwa: 'TRANS-POL SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ',
    Miejscowosc: 'Warszawa',
    KodPocztowy: '00950',
    Ulica: 'ul. Test-Krucza',
    NrNieruchomosci: '208',
    NrLokalu: '4',
    Typ: 'P',
    SilosID: '6',
  },
  {
    Regon: '302125478',
    Nip: '7792433421',
    Nazwa: 'ZAWIESZONY TRANSPORT JAN KOWALSKI',
    Miejscowosc: 'Poznań',
    KodPocztowy: '61001',
    Ulica: 'ul. Głogowska',
    NrNieruchomosci: '12',
    Typ: 'F',
    SilosID: '1',
    suspendedOn: '2026-03-01',
  },
  {
    Regon: '140517018',
    Nip: '1132622472',
    Nazwa: 'WYKREŚLONA SPEDYCJA SP. Z O.O.',
    Miejscowosc: 'Kraków',
    KodPocztowy: '30001',
    Ulica: 'ul. Długa',
    NrNieruchomosci: '1',
    Typ: 'P',
    SilosID: '6',
    DataZakonczeniaDzialalnosci: '2025-06-30',
  },
];

export type FakeGus = {
  url: string;
  key: string;
  /** Every call: the operation and the sid header it carried. */
  calls: { operation: string; sid: string | null }[];
  /** Forgets every session (as GUS does after an hour idle). */
  expireSessions(): void;
  add(company: FakeGusCompany): void;
  /**
   * How 'no data' is answered: 'empty' (an empty result, KomunikatKod 4: the older form) or 'error' (ErrorCode 4
   * inside the result: the form GUS answers today).
   */
  setNoDataForm(form: 'empty' | 'error'): void;
  /** The next searches for this NIP answer this ErrorCode and message inside the result (another code than 4). */
  failSearch(nip: string, code: string, message: string): void;
  /** The full reports (DanePobierzPelnyRaport) fail with a SOAP fault while on. */
  failReports(on: boolean): void;
  close(): Promise<void>;
};

const BOUNDARY = 'uuid:9f1c3b2a-5e0d-4c1a-8f7e-000000000000+id=1';

function mtom(operation: string, result: string): string {
  const soap =
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope" xmlns:a="http://www.w3.org/2005/08/addressing">' +
    `<s:Header><a:Action s:mustUnderstand="1">http://CIS/BIR/PUBL/2014/07/IUslugaBIRzewnPubl/${operation}Response</a:Action></s:Header>` +
    `<s:Body><${operation}Response xmlns="http://CIS/BIR/PUBL/2014/07">` +
    (result === '' ? `<${operation}Result/>` : `<${operation}Result>${escapeXml(result)}</${operation}Result>`) +
    `</${operation}Response></s:Body></s:Envelope>`;
  return (
    `\r\n--${BOUNDARY}\r\nContent-ID: <http://tempuri.org/0>\r\nContent-Transfer-Encoding: 8bit\r\n` +
    `Content-Type: application/xop+xml;charset=utf-8;type="application/soap+xml"\r\n\r\n${soap}\r\n--${BOUNDARY}--\r\n`
  );
}

const searchXml = (c: FakeGusCompany) =>
  '<root><dane>' +
  `<Regon>${c.Regon}</Regon><Nip>${c.Nip}</Nip><StatusNip /><Nazwa>${escapeXml(c.Nazwa)}</Nazwa>` +
  '<Wojewodztwo>MAZOWIECKIE</Wojewodztwo><Powiat>Test</Powiat><Gmina>Test</Gmina>' +
  `<Miejscowosc>${c.Miejscowosc}</Miejscowosc><KodPocztowy>${c.KodPocztowy}</KodPocztowy>` +
  `<Ulica>${escapeXml(c.Ulica)}</Ulica><NrNieruchomosci>${c.NrNieruchomosci}</NrNieruchomosci>` +
  `<NrLokalu>${c.NrLokalu ?? ''}</NrLokalu><Typ>${c.Typ}</Typ><SilosID>${c.SilosID}</SilosID>` +
  `<DataZakonczeniaDzialalnosci>${c.DataZakonczeniaDzialalnosci ?? ''}</DataZakonczeniaDzialalnosci>` +
  `<MiejscowoscPoczty>${c.Miejscowosc}</MiejscowoscPoczty></dane></root>`;

/** GUS's newer answer to a search it cannot serve: the error inside the result (ErrorCode 4 = no data). */
const searchErrorXml = (nip: string, code: string, pl: string, en: string) =>
  `<root><dane><ErrorCode>${code}</ErrorCode><ErrorMessagePl>${escapeXml(pl)}</ErrorMessagePl>` +
  `<ErrorMessageEn>${escapeXml(en)}</ErrorMessageEn><Nip>${escapeXml(nip)}</Nip></dane></root>`;

const reportXml = (c: FakeGusCompany) => {
  const p = c.Typ === 'P' ? 'praw' : 'fiz';
  return (
    `<root><dane><${p}_regon9>${c.Regon}</${p}_regon9><${p}_nazwa>${escapeXml(c.Nazwa)}</${p}_nazwa>` +
    `<${p}_dataZawieszeniaDzialalnosci>${c.suspendedOn ?? ''}</${p}_dataZawieszeniaDzialalnosci>` +
    `<${p}_dataWznowieniaDzialalnosci></${p}_dataWznowieniaDzialalnosci>` +
    `<${p}_dataZakonczeniaDzialalnosci>${c.DataZakonczeniaDzialalnosci ?? ''}</${p}_dataZakonczeniaDzialalnosci>` +
    '</dane></root>'
  );
};

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });

export async function startFakeGus(options: { port?: number; host?: string; key?: string } = {}): Promise<FakeGus> {
  const key = options.key ?? GUS_TEST_KEY;
  const companies = new Map(FAKE_GUS_COMPANIES.map((c) => [c.Nip, c]));
  const sessions = new Map<string, string>(); // sid → KomunikatKod of its last call
  const calls: FakeGus['calls'] = [];
  let noDataForm: 'empty' | 'error' = 'empty';
  const searchFailures = new Map<string, { code: string; message: string }>();
  let reportsFail = false;
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const action = xmlText(body, 'Action') ?? '';
    const operation = action.split('/').pop() ?? '';
    const sid = (req.headers.sid as string | undefined) ?? null;
    calls.push({ operation, sid });
    if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/soap+xml')) {
      res.writeHead(415).end();
      return;
    }
    const answer = (result: string) =>
      res
        .writeHead(200, {
          'content-type': `multipart/related; type="application/xop+xml"; start="<http://tempuri.org/0>"; boundary="${BOUNDARY}"; start-info="application/soap+xml"`,
        })
        .end(mtom(operation, result));
    const session = sid && sessions.has(sid) ? sid : null;
    switch (operation) {
      case 'Zaloguj': {
        if (xmlText(body, 'pKluczUzytkownika') !== key) return answer('');
        const id = randomBytes(10).toString('hex').slice(0, 20);
        sessions.set(id, '0');
        return answer(id);
      }
      case 'Wyloguj': {
        const id = xmlText(body, 'pIdentyfikatorSesji') ?? '';
        return answer(String(sessions.delete(id)));
      }
      case 'GetValue': {
        const name = xmlText(body, 'pNazwaParametru');
        if (name === 'StatusUslugi') return answer('1');
        if (name === 'StatusSesji') return answer(session ? '1' : '0');
        if (name === 'KomunikatKod') return answer(session ? (sessions.get(session) ?? '0') : '7');
        if (name === 'KomunikatTresc') return answer(session ? 'Nie znaleziono podmiotów.' : 'Brak sesji.');
        return answer('');
      }
      case 'DaneSzukajPodmioty': {
        if (!session) return answer('');
        const nip = xmlText(body, 'Nip') ?? '';
        const failure = searchFailures.get(nip);
        if (failure) {
          sessions.set(session, failure.code);
          return answer(searchErrorXml(nip, failure.code, failure.message, failure.message));
        }
        const company = companies.get(nip);
        sessions.set(session, company ? '0' : '4');
        if (!company && noDataForm === 'error') {
          return answer(
            searchErrorXml(nip, '4', 'Nie znaleziono podmiotów.', 'No data found for the specified search criteria.'),
          );
        }
        return answer(company ? searchXml(company) : '');
      }
      case 'DanePobierzPelnyRaport': {
        if (!session) return answer('');
        if (reportsFail) {
          res.writeHead(500, { 'content-type': 'application/soap+xml' }).end('<s:Fault>InternalServiceFault</s:Fault>');
          return;
        }
        const regon = xmlText(body, 'pRegon');
        const company = [...companies.values()].find((c) => c.Regon === regon);
        sessions.set(session, company ? '0' : '4');
        return answer(company ? reportXml(company) : '');
      }
      default:
        res.writeHead(500, { 'content-type': 'application/soap+xml' }).end('<s:Fault>ActionNotSupported</s:Fault>');
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/wsBIR/UslugaBIRzewnPubl.svc`,
    key,
    calls,
    expireSessions: () => sessions.clear(),
    add: (company) => companies.set(company.Nip, company),
    setNoDataForm: (form) => {
      noDataForm = form;
    },
    failSearch: (nip, code, message) => searchFailures.set(nip, { code, message }),
    failReports: (on) => {
      reportsFail = on;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

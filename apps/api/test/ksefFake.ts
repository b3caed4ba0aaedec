import { constants, createHash, generateKeyPairSync, privateDecrypt, randomBytes, sign } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Invoice } from '@spedycja/domain';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { buildFa3Xml } from '../src/documents/fa3.ts';
import { aesDecrypt, sha256Base64 } from '../src/integrations/ksef/crypto.ts';
import { makeKsefNumber } from '../src/integrations/ksef/ksefNumber.ts';
import { validateFa3Xml } from '../src/integrations/ksef/schema.ts';
import { warsawDay } from '../src/warsawDay.ts';

/**
 * A local KSeF API 2.0 (the routes the app uses, as open-api.json describes them). It holds its own RSA key pair,
 * published as the two MF certificates (KsefTokenEncryption, SymmetricKeyEncryption); it decrypts the KSeF token and
 * the invoices for real, validates FA(3) against the schema (450 with the validator's messages when invalid), gives
 * KSeF numbers with their CRC-8, UPO documents of upo-v4-3.xsd, received invoices to sync, and can answer 503, 429
 * with Retry-After, or slowly. Tests drive it directly; `npm run ksef:fake` and the browser walk over `/__fake/…`.
 */

export type FakeReceived = {
  sellerNip: string;
  sellerName: string;
  invoiceNumber: string;
  issueDate: string;
  paymentDate?: string | null;
  /** Hundredths. */
  net: number;
  vatRate?: number;
  currency?: 'PLN' | 'EUR';
};

type StoredReceived = { ksefNumber: string; xml: string; permanentStorageDate: string; meta: Record<string, unknown> };
type SentInvoice = {
  ref: string;
  ordinal: number;
  hash: string;
  invoiceNumber: string;
  status: { code: number; description: string; details?: string[]; extensions?: Record<string, string> };
  ksefNumber?: string;
  acquisitionDate: string;
  invoicingDate: string;
  permanentStorageDate?: string;
  upo?: string;
  issueDate: string;
  sellerNip: string;
};
type Session = {
  ref: string;
  key: Buffer;
  iv: Buffer;
  nip: string;
  authRef: string;
  open: boolean;
  invoices: SentInvoice[];
};

export type FakeKsef = {
  url: string;
  /** Tokens the fake accepts (any context NIP). */
  tokens: Set<string>;
  /** Routes called, as 'METHOD /path-pattern'. */
  calls: string[];
  /** Invoices KSeF has accepted, by hash. */
  accepted(): SentInvoice[];
  sessions: Map<string, Session>;
  /** The next n requests (except /__fake) answer 503. */
  failNext(n: number): void;
  /** The next n requests answer 429 with Retry-After: seconds. */
  rateLimitNext(n: number, retryAfterSeconds: number): void;
  /** Every answer waits this long first. */
  setDelay(ms: number): void;
  /** Access tokens live this long (ms); refresh tokens fail when `refreshFails`. */
  setAccessTtl(ms: number, refreshFails?: boolean): void;
  /** Invoices in which `buyerNip` is the buyer, for the sync. */
  addReceived(buyerNip: string, invoices: FakeReceived[]): string[];
  close(): Promise<void>;
};

const now = () => new Date();

/**
 * P_1 may not be later than the day KSeF receives the invoice (weryfikacja-faktury.md, Walidacja dat). KSeF is Polish:
 * the day is Warsaw's, so an invoice issued at 00:30 in Poland (still the day before in UTC) is received on its day.
 */
export const issuedAfterReceipt = (issueDate: string, receivedAt: Date) => issueDate > warsawDay(receivedAt);
const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
const refNumber = (kind: string) => {
  const day = now().toISOString().slice(0, 10).replaceAll('-', '');
  return `${day}-${kind}-${hex(5)}-${hex(5)}-${hex(1)}`;
};
const exception = (code: number, description: string, details: string[] = []) => ({
  exception: {
    exceptionDetailList: [{ exceptionCode: code, exceptionDescription: description, details }],
    timestamp: now().toISOString(),
    serviceName: 'fake-ksef',
  },
});
const tag = (xml: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

/** DER of one ASN.1 element: tag, length, content. */
function der(tagByte: number, content: Buffer): Buffer {
  const n = content.length;
  const length =
    n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tagByte]), length, content]);
}
const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const utcTime = (d: Date) => der(0x17, Buffer.from(`${d.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`, 'ascii'));

/**
 * A self-signed X.509 v3 certificate of the fake's RSA key ("Ministerstwo Finansów"), written as DER by hand and
 * signed with node:crypto: what GET /security/public-key-certificates publishes.
 */
function makeKeyAndCertificates() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const sha256WithRsa = seq(der(0x06, Buffer.from('2a864886f70d01010b', 'hex')), der(0x05, Buffer.alloc(0)));
  const name = seq(
    der(
      0x31,
      seq(der(0x06, Buffer.from('550403', 'hex')), der(0x0c, Buffer.from('Ministerstwo Finansów (fake KSeF)', 'utf8'))),
    ),
  );
  const notBefore = new Date(Date.now() - 86_400_000);
  const notAfter = new Date(Date.now() + 365 * 86_400_000);
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)])),
    sha256WithRsa,
    name,
    seq(utcTime(notBefore), utcTime(notAfter)),
    name,
    spki,
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = seq(tbs, sha256WithRsa, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const entry = (usage: string) => ({
    certificate: certificate.toString('base64'),
    certificateId: createHash('sha256').update(certificate).digest('base64'),
    publicKeyId: createHash('sha256').update(spki).digest('base64'),
    validFrom: notBefore.toISOString(),
    validTo: notAfter.toISOString(),
    usage: [usage],
  });
  return { privateKey, certificates: [entry('KsefTokenEncryption'), entry('SymmetricKeyEncryption')] };
}

function upoXml(session: Session, inv: SentInvoice): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
  <NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>
  <NumerReferencyjnySesji>${session.ref}</NumerReferencyjnySesji>
  <Uwierzytelnienie>
    <IdKontekstu><Nip>${session.nip}</Nip></IdKontekstu>
    <NumerReferencyjnyTokenaKSeF>${session.authRef}</NumerReferencyjnyTokenaKSeF>
  </Uwierzytelnienie>
  <NazwaStrukturyLogicznej>schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
  <KodFormularza>FA (3)</KodFormularza>
  <Dokument>
    <NipSprzedawcy>${inv.sellerNip}</NipSprzedawcy>
    <NumerKSeFDokumentu>${inv.ksefNumber}</NumerKSeFDokumentu>
    <NumerFaktury>${inv.invoiceNumber.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</NumerFaktury>
    <DataWystawieniaFaktury>${inv.issueDate}</DataWystawieniaFaktury>
    <DataPrzeslaniaDokumentu>${inv.acquisitionDate}</DataPrzeslaniaDokumentu>
    <DataNadaniaNumeruKSeF>${inv.permanentStorageDate}</DataNadaniaNumeruKSeF>
    <SkrotDokumentu>${inv.hash}</SkrotDokumentu>
    <TrybWysylki>Online</TrybWysylki>
  </Dokument>
</Potwierdzenie>
`;
}

/** A carrier's FA(3) invoice to us, made by the app's own FA(3) builder. */
function receivedXml(buyerNip: string, r: FakeReceived): string {
  const rate = r.vatRate ?? 2300;
  const vat = Math.round((r.net * rate) / 10_000);
  const invoice = {
    type: 'vat',
    number: r.invoiceNumber,
    createdDate: r.issueDate,
    saleDate: r.issueDate,
    paymentDate: r.paymentDate ?? null,
    paymentDateString: null,
    paymentMethod: 'przelew',
    currency: (r.currency ?? 'PLN').toLowerCase(),
    description: null,
    vendorName: r.sellerName,
    vendorNip: r.sellerNip,
    vendorStreetAddress: 'ul. Przewozowa 1',
    vendorPostalCode: '00-950',
    vendorCity: 'Warszawa',
    vendorBankAccount: null,
    customerName: 'Spedycja',
    customerNip: buyerNip,
    customerStreetAddress: 'ul. Transportowa 1',
    customerPostalCode: '00-001',
    customerCity: 'Warszawa',
    customerCountry: 'PL',
    orderEntity: null,
    orderProFormaEntity: null,
    paid: false,
    paidDate: null,
    reverseCharge: false,
    exchangeRate: r.currency === 'EUR' ? 43000 : null,
    totalNet: r.net,
    totalVat: vat,
    totalGross: r.net + vat,
    totalsByRate: [
      {
        vatRate: rate,
        net: r.net,
        vat,
        gross: r.net + vat,
        vatPln: r.currency === 'EUR' ? Math.round((vat * 43000) / 10_000) : null,
      },
    ],
    invoicePositions: [
      { title: 'Usługa transportowa', unit: 'usł.', amount: 1, netto: r.net, nettoValue: r.net, vatRate: rate },
    ],
  } as unknown as Invoice;
  return buildFa3Xml(invoice, { generatedAt: now() });
}

export async function startFakeKsef(
  options: { tokens?: string[]; port?: number; host?: string } = {},
): Promise<FakeKsef> {
  const { privateKey, certificates } = makeKeyAndCertificates();
  const tokens = new Set(options.tokens ?? ['fake-ksef-token-0001']);
  const calls: string[] = [];
  const challenges = new Map<string, number>();
  const authOps = new Map<
    string,
    { ref: string; status: { code: number; description: string; details?: string[] }; nip: string; redeemed: boolean }
  >();
  const accessTokens = new Map<string, { nip: string; until: number; authRef: string }>();
  const refreshTokens = new Map<string, { nip: string; authRef: string }>();
  const sessions = new Map<string, Session>();
  const byDuplicateKey = new Map<string, SentInvoice>();
  const received: (StoredReceived & { buyerNip: string })[] = [];
  let fail503 = 0;
  let rateLimit = { n: 0, seconds: 1 };
  let delayMs = 0;
  let accessTtl = 15 * 60_000;
  let refreshFails = false;
  let technical = 0x0100001af000;
  let lastStorage = 0;

  /** Permanent-storage times strictly increase (the sync's high-water mark relies on order). */
  const storageTime = () => {
    lastStorage = Math.max(Date.now(), lastStorage + 1);
    return new Date(lastStorage).toISOString();
  };

  const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__fake')) return;
    calls.push(`${request.method} ${request.routeOptions.url ?? request.url}`);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (fail503 > 0) {
      fail503--;
      return reply.code(503).send({ title: 'Service Unavailable', status: 503 });
    }
    if (rateLimit.n > 0) {
      rateLimit.n--;
      return reply
        .code(429)
        .header('retry-after', String(rateLimit.seconds))
        .send({ status: { code: 429, description: 'Too Many Requests', details: ['Przekroczono limit żądań.'] } });
    }
  });

  const bearerOf = (request: FastifyRequest) => /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const unauthorized = (reply: FastifyReply) =>
    reply.code(401).send(exception(21301, 'Brak autoryzacji.', ['Nieprawidłowy lub wygasły token dostępu.']));
  const access = (request: FastifyRequest, reply: FastifyReply) => {
    const token = accessTokens.get(bearerOf(request));
    if (!token || token.until < Date.now()) {
      unauthorized(reply);
      return null;
    }
    return token;
  };

  app.get('/security/public-key-certificates', async () => certificates);

  app.post('/auth/challenge', async () => {
    const challenge = `${now().toISOString().slice(0, 10).replaceAll('-', '')}-CR-${hex(5)}-${hex(5)}-${hex(1)}`;
    const at = Date.now();
    challenges.set(challenge, at);
    return { challenge, timestamp: new Date(at).toISOString(), timestampMs: at, clientIp: '127.0.0.1' };
  });

  app.post('/auth/ksef-token', async (request, reply) => {
    const body = request.body as {
      challenge?: string;
      contextIdentifier?: { type?: string; value?: string };
      encryptedToken?: string;
    };
    if (
      !body?.challenge ||
      !body.encryptedToken ||
      body.contextIdentifier?.type !== 'Nip' ||
      !body.contextIdentifier.value
    ) {
      return reply.code(400).send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Brak wymaganych pól.']));
    }
    const ref = refNumber('AU');
    let status = { code: 200, description: 'Uwierzytelnianie zakończone sukcesem' } as {
      code: number;
      description: string;
      details?: string[];
    };
    const timestampMs = challenges.get(body.challenge);
    challenges.delete(body.challenge);
    let plain = '';
    try {
      plain = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(body.encryptedToken, 'base64'),
      ).toString('utf8');
    } catch {
      plain = '';
    }
    const [token, stamp] = [plain.slice(0, plain.lastIndexOf('|')), plain.slice(plain.lastIndexOf('|') + 1)];
    const failed = (detail: string) => ({
      code: 450,
      description: 'Uwierzytelnianie zakończone niepowodzeniem z powodu błędnego tokenu',
      details: [detail],
    });
    if (timestampMs === undefined) status = failed('Nieprawidłowe wyzwanie autoryzacyjne');
    else if (!tokens.has(token)) status = failed('Nieprawidłowy token');
    else if (Number(stamp) !== timestampMs) status = failed('Nieprawidłowy czas tokena');
    const operationToken = `op.${hex(16)}`;
    authOps.set(operationToken, { ref, status, nip: body.contextIdentifier.value, redeemed: false });
    return reply.code(202).send({
      referenceNumber: ref,
      authenticationToken: { token: operationToken, validUntil: new Date(Date.now() + 3_600_000).toISOString() },
    });
  });

  app.get('/auth/:referenceNumber', async (request, reply) => {
    const op = authOps.get(bearerOf(request));
    if (!op || op.ref !== (request.params as { referenceNumber: string }).referenceNumber) return unauthorized(reply);
    return {
      startDate: now().toISOString(),
      authenticationMethod: 'Token',
      authenticationMethodInfo: { category: 'Token', code: 'token.ksef', displayName: 'Token KSeF' },
      status: op.status,
    };
  });

  const issueTokens = (nip: string, authRef: string) => {
    const accessToken = `acc.${hex(24)}`;
    const until = Date.now() + accessTtl;
    accessTokens.set(accessToken, { nip, until, authRef });
    return { token: accessToken, validUntil: new Date(until).toISOString() };
  };

  app.post('/auth/token/redeem', async (request, reply) => {
    const op = authOps.get(bearerOf(request));
    if (!op || op.redeemed || op.status.code !== 200) {
      return reply.code(400).send(exception(21301, 'Brak autoryzacji.', ['Tokeny zostały już pobrane.']));
    }
    op.redeemed = true;
    const refreshToken = `ref.${hex(24)}`;
    refreshTokens.set(refreshToken, { nip: op.nip, authRef: op.ref });
    return {
      accessToken: issueTokens(op.nip, op.ref),
      refreshToken: { token: refreshToken, validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    };
  });

  app.post('/auth/token/refresh', async (request, reply) => {
    const refresh = refreshTokens.get(bearerOf(request));
    if (!refresh || refreshFails) return unauthorized(reply);
    return { accessToken: issueTokens(refresh.nip, refresh.authRef) };
  });

  app.post('/sessions/online', async (request, reply) => {
    const token = access(request, reply);
    if (!token) return reply;
    const body = request.body as {
      formCode?: { systemCode?: string };
      encryption?: { encryptedSymmetricKey?: string; initializationVector?: string };
    };
    if (body?.formCode?.systemCode !== 'FA (3)' || !body.encryption?.encryptedSymmetricKey) {
      return reply.code(400).send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Nieobsługiwany formCode.']));
    }
    let key: Buffer;
    try {
      key = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(body.encryption.encryptedSymmetricKey, 'base64'),
      );
    } catch {
      return reply
        .code(400)
        .send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Nie można odszyfrować klucza.']));
    }
    const iv = Buffer.from(body.encryption.initializationVector ?? '', 'base64');
    if (key.length !== 32 || iv.length !== 16) {
      return reply.code(400).send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Zły klucz lub IV.']));
    }
    const ref = refNumber('SO');
    sessions.set(ref, { ref, key, iv, nip: token.nip, authRef: token.authRef, open: true, invoices: [] });
    return reply
      .code(201)
      .send({ referenceNumber: ref, validUntil: new Date(Date.now() + 12 * 3_600_000).toISOString() });
  });

  const sessionOf = (request: FastifyRequest, reply: FastifyReply) => {
    const session = sessions.get((request.params as { referenceNumber: string }).referenceNumber);
    if (!session) {
      reply.code(400).send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Sesja nie istnieje.']));
      return null;
    }
    return session;
  };

  async function verify(session: Session, inv: SentInvoice, xml: string) {
    const result = await validateFa3Xml(xml);
    if (!result.valid) {
      inv.status = {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: result.errors.map((e) => e.message),
      };
      return;
    }
    if (issuedAfterReceipt(inv.issueDate, now())) {
      inv.status = {
        code: 450,
        description: 'Błąd weryfikacji semantyki dokumentu faktury',
        details: ['Data wystawienia faktury (P_1) jest późniejsza niż data przyjęcia dokumentu do KSeF.'],
      };
      return;
    }
    const duplicateKey = `${inv.sellerNip}|${tag(xml, 'RodzajFaktury')}|${inv.invoiceNumber}`;
    const original = byDuplicateKey.get(duplicateKey);
    if (original) {
      inv.status = {
        code: 440,
        description: 'Duplikat faktury',
        extensions: { originalKsefNumber: original.ksefNumber ?? '', originalSessionReferenceNumber: session.ref },
      };
      return;
    }
    const storedAt = storageTime();
    inv.permanentStorageDate = storedAt;
    inv.ksefNumber = makeKsefNumber(inv.sellerNip, new Date(storedAt), (technical++).toString(16));
    inv.status = { code: 200, description: 'Sukces' };
    inv.upo = upoXml(session, inv);
    byDuplicateKey.set(duplicateKey, inv);
  }

  app.post('/sessions/online/:referenceNumber/invoices', async (request, reply) => {
    if (!access(request, reply)) return reply;
    const session = sessionOf(request, reply);
    if (!session) return reply;
    if (!session.open) {
      return reply
        .code(400)
        .send(exception(21180, 'Status sesji nie pozwala na wykonanie operacji.', ['Sesja zamknięta.']));
    }
    const body = request.body as {
      invoiceHash: string;
      invoiceSize: number;
      encryptedInvoiceHash: string;
      encryptedInvoiceSize: number;
      encryptedInvoiceContent: string;
    };
    const encrypted = Buffer.from(body.encryptedInvoiceContent ?? '', 'base64');
    if (sha256Base64(encrypted) !== body.encryptedInvoiceHash || encrypted.length !== body.encryptedInvoiceSize) {
      return reply
        .code(400)
        .send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Skrót zaszyfrowanej faktury się nie zgadza.']));
    }
    const ref = refNumber('EE');
    const inv: SentInvoice = {
      ref,
      ordinal: session.invoices.length + 1,
      hash: body.invoiceHash,
      invoiceNumber: '',
      status: { code: 150, description: 'Trwa przetwarzanie' },
      acquisitionDate: now().toISOString(),
      invoicingDate: now().toISOString(),
      issueDate: '',
      sellerNip: session.nip,
    };
    session.invoices.push(inv);
    let xml: string;
    try {
      const plain = aesDecrypt(encrypted, { key: session.key, iv: session.iv });
      if (sha256Base64(plain) !== body.invoiceHash || plain.length !== body.invoiceSize) throw new Error('hash');
      xml = plain.toString('utf8');
    } catch {
      inv.status = { code: 435, description: 'Błąd odszyfrowania pliku' };
      return reply.code(202).send({ referenceNumber: ref });
    }
    inv.invoiceNumber = tag(xml, 'P_2');
    inv.issueDate = tag(xml, 'P_1');
    inv.sellerNip = /<Podmiot1>[\s\S]*?<NIP>(\d+)<\/NIP>/.exec(xml)?.[1] ?? session.nip;
    void verify(session, inv, xml);
    return reply.code(202).send({ referenceNumber: ref });
  });

  app.post('/sessions/online/:referenceNumber/close', async (request, reply) => {
    if (!access(request, reply)) return reply;
    const session = sessionOf(request, reply);
    if (!session) return reply;
    session.open = false;
    return reply.code(204).send();
  });

  const invoiceJson = (inv: SentInvoice) => ({
    ordinalNumber: inv.ordinal,
    invoiceNumber: inv.invoiceNumber || undefined,
    ksefNumber: inv.ksefNumber,
    referenceNumber: inv.ref,
    invoiceHash: inv.hash,
    acquisitionDate: inv.acquisitionDate,
    invoicingDate: inv.invoicingDate,
    permanentStorageDate: inv.permanentStorageDate,
    invoicingMode: 'Online',
    status: inv.status,
  });

  app.get('/sessions/:referenceNumber/invoices', async (request, reply) => {
    if (!access(request, reply)) return reply;
    const session = sessionOf(request, reply);
    if (!session) return reply;
    return { invoices: session.invoices.map(invoiceJson) };
  });

  const findInvoice = (request: FastifyRequest, reply: FastifyReply) => {
    const session = sessionOf(request, reply);
    if (!session) return null;
    const { invoiceReferenceNumber } = request.params as { invoiceReferenceNumber: string };
    const inv = session.invoices.find((i) => i.ref === invoiceReferenceNumber);
    if (!inv) {
      reply.code(400).send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Faktura nie istnieje.']));
      return null;
    }
    return { session, inv };
  };

  app.get('/sessions/:referenceNumber/invoices/:invoiceReferenceNumber', async (request, reply) => {
    if (!access(request, reply)) return reply;
    const found = findInvoice(request, reply);
    return found ? invoiceJson(found.inv) : reply;
  });

  app.get('/sessions/:referenceNumber/invoices/:invoiceReferenceNumber/upo', async (request, reply) => {
    if (!access(request, reply)) return reply;
    const found = findInvoice(request, reply);
    if (!found) return reply;
    if (!found.inv.upo)
      return reply.code(400).send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Brak UPO.']));
    return reply.type('application/xml').send(found.inv.upo);
  });

  app.post('/invoices/query/metadata', async (request, reply) => {
    const token = access(request, reply);
    if (!token) return reply;
    const body = request.body as {
      subjectType?: string;
      dateRange?: { dateType?: string; from?: string; to?: string };
    };
    const { pageOffset = 0, pageSize = 10 } = request.query as { pageOffset?: number; pageSize?: number };
    const offset = Number(pageOffset);
    const size = Math.min(250, Math.max(10, Number(pageSize)));
    if (body?.subjectType !== 'Subject2' || body.dateRange?.dateType !== 'PermanentStorage' || !body.dateRange.from) {
      return reply
        .code(400)
        .send(exception(21405, 'Błąd walidacji danych wejściowych.', ['Fake: tylko Subject2 + PermanentStorage.']));
    }
    const from = Date.parse(body.dateRange.from);
    const to = body.dateRange.to ? Date.parse(body.dateRange.to) : Number.POSITIVE_INFINITY;
    const matching = received.filter((r) => {
      const at = Date.parse(r.permanentStorageDate);
      return r.buyerNip === token.nip && at >= from && at < to;
    });
    // KSeF's technical limit: 10,000 records per filter set (isTruncated).
    const limit = 10_000;
    const page = matching.slice(offset, Math.min(offset + size, limit));
    const hasMore = matching.length > offset + size;
    return {
      hasMore,
      isTruncated: hasMore && offset + size >= limit,
      permanentStorageHwmDate: new Date(lastStorage || Date.now()).toISOString(),
      invoices: page.map((r) => r.meta),
    };
  });

  app.get('/invoices/ksef/:ksefNumber', async (request, reply) => {
    const token = access(request, reply);
    if (!token) return reply;
    const { ksefNumber } = request.params as { ksefNumber: string };
    const found = received.find((r) => r.ksefNumber === ksefNumber && r.buyerNip === token.nip);
    if (!found) return reply.code(400).send(exception(21164, 'Faktura o podanym identyfikatorze nie istnieje.'));
    return reply.type('application/xml').send(found.xml);
  });

  function addReceived(buyerNip: string, invoices: FakeReceived[]): string[] {
    return invoices.map((r) => {
      const xml = receivedXml(buyerNip, r);
      const storedAt = storageTime();
      const ksefNumber = makeKsefNumber(r.sellerNip, new Date(storedAt), (technical++).toString(16));
      const vat = Math.round((r.net * (r.vatRate ?? 2300)) / 10_000);
      received.push({
        buyerNip,
        ksefNumber,
        xml,
        permanentStorageDate: storedAt,
        meta: {
          ksefNumber,
          invoiceNumber: r.invoiceNumber,
          issueDate: r.issueDate,
          invoicingDate: storedAt,
          acquisitionDate: storedAt,
          permanentStorageDate: storedAt,
          seller: { nip: r.sellerNip, name: r.sellerName },
          buyer: { identifier: { type: 'Nip', value: buyerNip }, name: 'Spedycja' },
          netAmount: r.net / 100,
          grossAmount: (r.net + vat) / 100,
          vatAmount: vat / 100,
          currency: r.currency ?? 'PLN',
          invoicingMode: 'Online',
          invoiceType: 'Vat',
          formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
          isSelfInvoicing: false,
          hasAttachment: false,
          invoiceHash: sha256Base64(xml),
        },
      });
      return ksefNumber;
    });
  }

  // Controls for another process (npm run ksef:fake, the browser walk).
  app.post('/__fake/switches', async (request) => {
    const body = (request.body ?? {}) as {
      fail503?: number;
      rateLimit?: number;
      retryAfter?: number;
      delayMs?: number;
    };
    if (body.fail503 !== undefined) fail503 = body.fail503;
    if (body.rateLimit !== undefined) rateLimit = { n: body.rateLimit, seconds: body.retryAfter ?? 1 };
    if (body.delayMs !== undefined) delayMs = body.delayMs;
    return { fail503, rateLimit, delayMs };
  });
  app.post('/__fake/received', async (request) => {
    const body = request.body as { buyerNip: string; invoices: FakeReceived[] };
    return { ksefNumbers: addReceived(body.buyerNip, body.invoices) };
  });
  app.get('/__fake/state', async () => ({
    tokens: [...tokens],
    accepted: [...byDuplicateKey.values()].map((i) => ({ ksefNumber: i.ksefNumber, invoiceNumber: i.invoiceNumber })),
    received: received.length,
  }));

  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    tokens,
    calls,
    sessions,
    accepted: () => [...byDuplicateKey.values()],
    failNext(n) {
      fail503 = n;
    },
    rateLimitNext(n, seconds) {
      rateLimit = { n, seconds };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    setAccessTtl(ms, fails = false) {
      accessTtl = ms;
      refreshFails = fails;
    },
    addReceived,
    close: () => app.close(),
  };
}

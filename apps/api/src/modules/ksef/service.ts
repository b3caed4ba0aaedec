import { type Invoice, type KsefConfigUpdate, ksefMessages } from '@spedycja/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { afterCommit, inRequestTransaction, outsideRequest } from '../../db/requestTx.ts';
import { invoices, ksefConfig, ksefOutbox } from '../../db/schema/index.ts';
import { buildFa3Xml } from '../../documents/fa3.ts';
import { unprocessable } from '../../http/errors.ts';
import {
  aesEncrypt,
  newSessionKey,
  rsaOaepEncrypt,
  type SessionKey,
  sha256Base64,
} from '../../integrations/ksef/crypto.ts';
import { invoiceQrLink } from '../../integrations/ksef/environments.ts';
import { createKsefClient } from '../../integrations/ksef/http.ts';
import { validateFa3Xml } from '../../integrations/ksef/schema.ts';
import { type KsefClient, KsefError, type SessionInvoiceStatus } from '../../integrations/ksef/types.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { findInvoice } from '../invoices/repository.ts';
import { queueInvoiceMail } from '../invoices/send.ts';
import { certificateFor, createKsefAuth, type KsefAuth } from './auth.ts';
import { type KsefSettings, readKsefSettings, updateKsefConfig } from './config.ts';
import { secretKey } from './secrets.ts';
import { syncReceived } from './sync.ts';
import { schemaViolations } from './xmlErrors.ts';

type Job = typeof ksefOutbox.$inferSelect;

export type KsefServiceOptions = {
  db: Db;
  config: Config;
  outbox: Outbox;
  log?: FastifyBaseLogger;
  /** The first retry's delay; doubles up to `retryMaxMs` (Retry-After wins when KSeF gives one). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** An online session unused this long is closed. */
  sessionIdleMs?: number;
  /** How many queued invoices one round sends through the session before polling their status. */
  batchSize?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** KSeF's answer as the invoice keeps it: its code and its (Polish) description with details. */
function errorInfo(status: { code: number; description: string; details?: string[] | null }) {
  return { code: status.code, message: status.description, details: status.details ?? undefined };
}

/**
 * The KSeF side of the app: the connection (settings, authentication), sending invoices through a durable queue
 * (ksef_outbox: leased claims, back-off, Retry-After) and one reused online session, and fetching the carriers'
 * invoices. The worker never sends an invoice twice: before posting it records the session, and after a crash it asks
 * KSeF about what it already posted (by reference, or by hash in the session) before posting again.
 */
export function createKsefService(options: KsefServiceOptions) {
  const { db, config, outbox, log } = options;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const retryMaxMs = options.retryMaxMs ?? 30 * 60_000;
  const sessionIdleMs = options.sessionIdleMs ?? 60_000;
  const batchSize = options.batchSize ?? 50;
  const key = secretKey({ appSecret: config.appSecret, dataDir: config.dataDir });

  let connection: { url: string; client: KsefClient; auth: KsefAuth } | undefined;
  let session: { url: string; ref: string; key: SessionKey; validUntil: number; lastUsed: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let syncTimer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  let wake: { at: number; timer: NodeJS.Timeout } | undefined;
  /** The last send failed because KSeF did not answer (5xx, time-out): offline mode may be used. */
  let unavailableSince: number | null = null;

  // Read once a second at most: every KSeF call of a sync or a batch asks for them.
  let cached: { at: number; value: Promise<KsefSettings> } | undefined;
  const settings = () => {
    // Inside a request's transaction the settings are read there: a cached read the worker started may be waiting for
    // that very transaction (the embedded database runs one at a time).
    if (inRequestTransaction()) return readKsefSettings(db, config, key);
    if (!cached || Date.now() - cached.at > 1000) {
      cached = { at: Date.now(), value: readKsefSettings(db, config, key) };
      cached.value.catch(() => {
        cached = undefined;
      });
    }
    return cached.value;
  };

  async function connect() {
    const s = await settings();
    if (!connection || connection.url !== s.apiUrl) {
      const client = createKsefClient({ baseUrl: s.apiUrl });
      const auth = createKsefAuth(client, async () => {
        const current = await settings();
        if (!current.token) throw new KsefError('auth', ksefMessages.notConfigured);
        if (!current.nip) throw new KsefError('auth', ksefMessages.sellerNipMissing);
        return { token: current.token, nip: current.nip };
      });
      connection = { url: s.apiUrl, client, auth };
      session = undefined;
    }
    return { ...connection, settings: s };
  }

  /** A call with a valid access token; a 401 (token expired or revoked) authenticates anew once. */
  async function withAccess<T>(work: (client: KsefClient, token: string) => Promise<T>): Promise<T> {
    const { client, auth } = await connect();
    try {
      return await work(client, await auth.accessToken());
    } catch (error) {
      if (!(error instanceof KsefError) || error.status !== 401) throw error;
      auth.invalidate();
      return work(client, await auth.accessToken());
    }
  }

  async function onlineSession() {
    const { client, auth, url } = await connect();
    if (session && session.url === url && session.validUntil - 5 * 60_000 > Date.now()) {
      session.lastUsed = Date.now();
      return session;
    }
    const sessionKey = newSessionKey();
    const certificate = certificateFor(await auth.certificates(), 'SymmetricKeyEncryption');
    const opened = await withAccess((c, token) =>
      c.openOnlineSession(token, {
        formCode: { systemCode: 'FA (3)', schemaVersion: '1-0E', value: 'FA' },
        encryption: {
          encryptedSymmetricKey: rsaOaepEncrypt(certificate.certificate, sessionKey.key).toString('base64'),
          initializationVector: sessionKey.iv.toString('base64'),
          publicKeyId: certificate.publicKeyId,
        },
      }),
    );
    void client;
    session = {
      url,
      ref: opened.referenceNumber,
      key: sessionKey,
      validUntil: Date.parse(opened.validUntil),
      lastUsed: Date.now(),
    };
    return session;
  }

  async function closeSession() {
    const open = session;
    session = undefined;
    if (!open) return;
    try {
      await withAccess((c, token) => c.closeOnlineSession(token, open.ref));
    } catch (error) {
      log?.warn({ error: describe(error) }, 'KSeF session not closed');
    }
  }

  // ---- The XML of an invoice and the queue ----

  /** The FA(3) XML KSeF gets (the corrective with NrKSeF of the corrected invoice), validated against the schema. */
  async function prepare(invoice: Invoice) {
    let correctedKsefNumber: string | null = null;
    if (invoice.correctedInvoice) {
      const [row] = await db
        .select({ ksefNumber: invoices.ksefNumber })
        .from(invoices)
        .where(eq(invoices.uuid, invoice.correctedInvoice.uuid));
      correctedKsefNumber = row?.ksefNumber ?? null;
    }
    const xml = buildFa3Xml(invoice, { generatedAt: new Date(), correctedKsefNumber });
    const result = await validateFa3Xml(xml);
    if (!result.valid) throw unprocessable(ksefMessages.invalidXml, schemaViolations(xml, result.errors));
    return { xml, hash: sha256Base64(Buffer.from(xml, 'utf8')) };
  }

  /**
   * Queues an invoice (validated first: an invalid one never leaves). `offline`: issued in offline mode now (KOD I
   * from this XML, sent when KSeF answers). `mailAfter`: the buyer's e-mail once KSeF has accepted it.
   */
  async function enqueue(
    invoice: Invoice,
    opts: { offline?: boolean; mailAfter?: boolean } = {},
    /** The XML prepared before the request's transaction, for this version of the invoice. */
    prepared?: { version: number; xml: string; hash: string },
  ) {
    const { xml, hash } = prepared?.version === invoice.version ? prepared : await prepare(invoice);
    await db.transaction(async (tx) => {
      await tx.insert(ksefOutbox).values({
        invoiceId: invoice.id,
        xml,
        hash,
        offline: opts.offline ?? false,
        mailAfter: opts.mailAfter ?? false,
      });
      await tx
        .update(invoices)
        .set({
          ksefStatus: opts.offline ? 'offline' : 'queued',
          ksefError: null,
          ksefHash: hash,
          ksefOfflineAt: opts.offline ? sql`now()` : null,
        })
        .where(eq(invoices.id, invoice.id));
    });
    nudge();
  }

  async function claim(limit: number): Promise<Job[]> {
    return db
      .update(ksefOutbox)
      .set({ lockedUntil: sql`now() + interval '2 minutes'`, attempts: sql`${ksefOutbox.attempts} + 1` })
      .where(
        sql`${ksefOutbox.id} IN (
          SELECT id FROM ksef_outbox
          WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
          ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)`,
      )
      .returning();
  }

  /** Runs the queue again when a job put off for `ms` is due (the interval would be later). */
  function wakeIn(ms: number) {
    const at = Date.now() + ms;
    if (stopped || (wake && wake.at <= at)) return;
    if (wake) clearTimeout(wake.timer);
    // The worker never joins the transaction of the request that happened to wake it.
    const timer = setTimeout(
      () =>
        outsideRequest(() => {
          wake = undefined;
          void flush()
            .then(() => undefined)
            .catch((e) => log?.error(e));
        }),
      ms + 10,
    );
    timer.unref();
    wake = { at, timer };
  }

  const retryDelayMs = (attempts: number) => Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));

  /** Back to the queue after a failure that may pass (no answer, 5xx, 429). */
  async function retryLater(job: Job, error: unknown) {
    const ksef = error instanceof KsefError ? error : null;
    const delay = ksef?.retryAfter != null ? ksef.retryAfter * 1000 : retryDelayMs(job.attempts);
    log?.warn({ invoiceId: job.invoiceId, attempts: job.attempts, error: describe(error) }, 'KSeF: will retry');
    await db
      .update(ksefOutbox)
      .set({
        lockedUntil: null,
        lastError: describe(error).slice(0, 1000),
        nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})`,
      })
      .where(eq(ksefOutbox.id, job.id));
    wakeIn(delay);
    if (ksef?.unavailable && !job.postedAt && !job.offline) {
      // KSeF does not answer (5xx, time-out): the invoice is issued in offline mode (offline24) with this XML; KOD I
      // stands, it is sent with offlineMode when KSeF answers again, and its deadline is shown on the list.
      await db.update(ksefOutbox).set({ offline: true }).where(eq(ksefOutbox.id, job.id));
      await db
        .update(invoices)
        .set({ ksefStatus: 'offline', ksefOfflineAt: sql`now()` })
        .where(and(eq(invoices.id, job.invoiceId), inArray(invoices.ksefStatus, ['queued', 'sending'])));
      return;
    }
    await db
      .update(invoices)
      .set({
        // An offline invoice stays offline while its retries fail.
        ksefStatus: sql`CASE WHEN ${invoices.ksefStatus} = 'offline' THEN 'offline' ELSE ${job.postedAt ? 'sending' : 'queued'} END`,
      })
      .where(and(eq(invoices.id, job.invoiceId), inArray(invoices.ksefStatus, ['queued', 'sending', 'offline'])));
  }

  /** Still being processed by KSeF: ask again soon, without counting an attempt. */
  async function pollLater(job: Job) {
    await db
      .update(ksefOutbox)
      .set({
        lockedUntil: null,
        attempts: sql`greatest(0, ${ksefOutbox.attempts} - 1)`,
        nextAttemptAt: sql`now() + interval '1 second'`,
      })
      .where(eq(ksefOutbox.id, job.id));
    wakeIn(1000);
  }

  async function accept(job: Job, status: SessionInvoiceStatus) {
    let upo: string | null = null;
    try {
      upo = await withAccess((c, token) => c.invoiceUpo(token, job.sessionRef as string, job.invoiceRef as string));
    } catch (error) {
      log?.warn({ error: describe(error) }, 'KSeF: UPO not fetched yet');
    }
    await db.transaction(async (tx) => {
      await tx
        .update(ksefOutbox)
        .set({ status: 'done', upo, doneAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(ksefOutbox.id, job.id));
      await tx
        .update(invoices)
        .set({
          ksefStatus: 'accepted',
          ksefNumber: status.ksefNumber ?? null,
          ksefAcceptedAt: status.permanentStorageDate ?? new Date().toISOString(),
          ksefError: null,
          ksefHash: job.hash,
        })
        .where(eq(invoices.id, job.invoiceId));
      if (job.mailAfter) {
        const invoice = await findInvoice(tx, eq(invoices.id, job.invoiceId));
        if (invoice?.customerEmail) await queueInvoiceMail(tx, invoice);
      }
    });
    if (job.mailAfter) outbox.nudge();
  }

  async function reject(job: Job, info: { code: number | null; message: string; details?: string[] }) {
    await db.transaction(async (tx) => {
      await tx
        .update(ksefOutbox)
        .set({ status: 'failed', lockedUntil: null, lastError: info.message, doneAt: sql`now()` })
        .where(eq(ksefOutbox.id, job.id));
      await tx.update(invoices).set({ ksefStatus: 'rejected', ksefError: info }).where(eq(invoices.id, job.invoiceId));
    });
  }

  /** After a crash between posting and recording the reference: the invoice with our hash in that session, if any. */
  async function findPosted(job: Job): Promise<string | null> {
    let continuation: string | undefined;
    do {
      const page = await withAccess((c, token) => c.sessionInvoices(token, job.sessionRef as string, continuation));
      const found = page.invoices.find((i) => i.invoiceHash === job.hash);
      if (found) return found.referenceNumber;
      continuation = page.continuationToken ?? undefined;
    } while (continuation);
    return null;
  }

  async function post(job: Job): Promise<Job> {
    const open = await onlineSession();
    // Recorded before the request: whatever happens next, a retry asks KSeF first.
    await db.update(ksefOutbox).set({ sessionRef: open.ref, postedAt: sql`now()` }).where(eq(ksefOutbox.id, job.id));
    await db
      .update(invoices)
      .set({ ksefStatus: sql`CASE WHEN ${invoices.ksefStatus} = 'offline' THEN 'offline' ELSE 'sending' END` })
      .where(eq(invoices.id, job.invoiceId));
    const plain = Buffer.from(job.xml, 'utf8');
    const encrypted = aesEncrypt(plain, open.key);
    const sent = await withAccess((c, token) =>
      c.sendInvoice(token, open.ref, {
        invoiceHash: job.hash,
        invoiceSize: plain.length,
        encryptedInvoiceHash: sha256Base64(encrypted),
        encryptedInvoiceSize: encrypted.length,
        encryptedInvoiceContent: encrypted.toString('base64'),
        offlineMode: job.offline,
      }),
    );
    await db.update(ksefOutbox).set({ invoiceRef: sent.referenceNumber }).where(eq(ksefOutbox.id, job.id));
    return { ...job, sessionRef: open.ref, invoiceRef: sent.referenceNumber, postedAt: new Date() };
  }

  /** One round: post the claimed invoices through the session, then poll their status until KSeF decides. */
  async function processBatch(jobs: Job[]) {
    const posted: Job[] = [];
    for (let index = 0; index < jobs.length; index++) {
      let job = jobs[index] as Job;
      try {
        if (!job.invoiceRef && job.postedAt && job.sessionRef) {
          const ref = await findPosted(job);
          if (ref) {
            await db.update(ksefOutbox).set({ invoiceRef: ref }).where(eq(ksefOutbox.id, job.id));
            job = { ...job, invoiceRef: ref };
          }
        }
        if (!job.invoiceRef) job = await post(job);
        unavailableSince = null;
        posted.push(job);
      } catch (error) {
        if (error instanceof KsefError && !error.retryable) {
          if (error.kind === 'auth' || error.status === 401 || error.status === 403) {
            // Not this invoice's fault: the connection is refused; all wait for a fixed configuration.
            for (const rest of jobs.slice(index)) await retryLater(rest, error);
            return;
          }
          await reject(job, { code: error.code, message: error.description });
          continue;
        }
        if (error instanceof KsefError && error.unavailable) unavailableSince ??= Date.now();
        // KSeF is down or asks us to slow down: the rest of the round waits too.
        for (const rest of jobs.slice(index)) await retryLater(rest, error);
        break;
      }
    }
    let waiting = posted;
    for (let round = 0; waiting.length > 0 && round < 12; round++) {
      const still: Job[] = [];
      for (const job of waiting) {
        try {
          const status = await withAccess((c, token) =>
            c.invoiceStatus(token, job.sessionRef as string, job.invoiceRef as string),
          );
          if (status.status.code === 200) await accept(job, status);
          else if (status.status.code >= 400) await reject(job, errorInfo(status.status));
          else still.push(job);
        } catch (error) {
          if (error instanceof KsefError && !error.retryable)
            await reject(job, { code: error.code, message: error.description });
          else await retryLater(job, error);
        }
      }
      waiting = still;
      if (waiting.length > 0) await sleep(Math.min(1000, 20 * 2 ** round));
    }
    for (const job of waiting) await pollLater(job);
  }

  async function flushOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      if (stopped) return handled;
      const jobs = await claim(batchSize);
      if (jobs.length === 0) return handled;
      handled += jobs.length;
      try {
        await processBatch(jobs);
      } catch (error) {
        for (const job of jobs) await retryLater(job, error).catch(() => undefined);
        return handled;
      }
    }
  }

  const flush = () => {
    // Never inside the transaction of the request that happened to start it.
    running ??= outsideRequest(flushOnce).finally(() => {
      running = undefined;
    });
    return running;
  };

  /** Soon, not at once: invoices sent together (several clicks, autoSend of a series) go in one round. */
  function nudge() {
    // After the request's commit: the queued job is visible to the worker then.
    afterCommit(() => outsideRequest(() => wakeIn(30)));
  }

  return {
    settings,
    async updateConfig(body: KsefConfigUpdate) {
      await updateKsefConfig(db, key, body);
      cached = undefined;
      return settings();
    },
    /** Sprawdź połączenie: the whole authentication, whatever is cached. */
    async check() {
      const { auth, settings: s } = await connect();
      await auth.check();
      return s;
    },
    prepare,
    enqueue,
    flush,
    nudge,
    /** Whether KSeF failed to answer the last send (5xx, time-out): offline invoices may be issued. */
    unavailable: () => unavailableSince !== null,
    async upo(invoiceId: number): Promise<string | null> {
      const [job] = await db
        .select({
          id: ksefOutbox.id,
          upo: ksefOutbox.upo,
          sessionRef: ksefOutbox.sessionRef,
          invoiceRef: ksefOutbox.invoiceRef,
        })
        .from(ksefOutbox)
        .where(and(eq(ksefOutbox.invoiceId, invoiceId), eq(ksefOutbox.status, 'done')))
        .orderBy(sql`${ksefOutbox.id} DESC`)
        .limit(1);
      if (!job) return null;
      if (job.upo) return job.upo;
      const upo = await withAccess((c, token) =>
        c.invoiceUpo(token, job.sessionRef as string, job.invoiceRef as string),
      );
      await db.update(ksefOutbox).set({ upo }).where(eq(ksefOutbox.id, job.id));
      return upo;
    },
    /** KOD I of an accepted or offline invoice (null before): the link and what is printed under the code. */
    async qrOf(invoice: Invoice): Promise<{ link: string; label: string } | null> {
      if (!invoice.ksefHash || !['accepted', 'offline'].includes(invoice.ksefStatus)) return null;
      const [row] = await db
        .select({ environment: ksefConfig.environment })
        .from(ksefConfig)
        .where(eq(ksefConfig.id, 1));
      const environment = (row?.environment ?? 'TEST') as KsefSettings['environment'];
      const link = invoiceQrLink(
        environment,
        invoice.vendorNip.replace(/\D/g, ''),
        invoice.createdDate,
        invoice.ksefHash,
      );
      return { link, label: invoice.ksefStatus === 'accepted' && invoice.ksefNumber ? invoice.ksefNumber : 'OFFLINE' };
    },
    /** KOD I of a received invoice: its seller, issue date and the SHA-256 of the XML KSeF gave us. */
    async qrOfReceived(received: { sellerNip: string; issueDate: string; xml: string; ksefNumber: string }) {
      const [row] = await db
        .select({ environment: ksefConfig.environment })
        .from(ksefConfig)
        .where(eq(ksefConfig.id, 1));
      const environment = (row?.environment ?? 'TEST') as KsefSettings['environment'];
      const hash = sha256Base64(Buffer.from(received.xml, 'utf8'));
      return {
        link: invoiceQrLink(environment, received.sellerNip, received.issueDate, hash),
        label: received.ksefNumber,
      };
    },
    /** Outside the request's transaction: a sync of thousands must not hold one transaction open. */
    sync: () =>
      outsideRequest(async () => {
        const result = await syncReceived({ db, withAccess, settings: () => readKsefSettings(db, config, key) });
        cached = undefined;
        return result;
      }),
    start(intervalMs = 5000) {
      timer = setInterval(() => {
        void flush().catch((e) => log?.error(e));
        if (session && Date.now() - session.lastUsed > sessionIdleMs && !running) void closeSession();
      }, intervalMs);
      timer.unref();
      syncTimer = setInterval(() => {
        void settings()
          .then((s) => (s.syncHourly && s.token ? syncReceived({ db, withAccess, settings }) : null))
          .catch((e) => log?.warn({ error: describe(e) }, 'KSeF hourly sync failed'));
      }, 60 * 60_000);
      syncTimer.unref();
    },
    closeSession,
    /** The current online session's reference (tests: one session for many invoices). */
    sessionRef: () => session?.ref ?? null,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (wake) clearTimeout(wake.timer);
      if (syncTimer) clearInterval(syncTimer);
      await running?.catch(() => undefined);
      await closeSession();
    },
  };
}

export type KsefService = ReturnType<typeof createKsefService>;
export type WithAccess = <T>(work: (client: KsefClient, token: string) => Promise<T>) => Promise<T>;

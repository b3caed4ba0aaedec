import { randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { afterCommit } from '../db/requestTx.ts';
import { type MailAttachment, type MailAttachmentRef, mailOutbox } from '../db/schema/index.ts';
import type { MailTransport } from './transport.ts';

export type NewMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** Attachments made when the mail is sent, by the renderer registered for their kind (see Outbox.registerAttachment). */
  renderedAttachments?: MailAttachmentRef[];
  /** Recorded by the handler registered for its kind (see Outbox.onSent) once a mail server accepted the message. */
  onSent?: MailAttachmentRef;
};

export type RenderedAttachment = { filename: string; contentType: string; content: Buffer };
/** Makes an attachment at sending time; throwing leaves the mail for a later attempt. */
export type AttachmentRenderer = (ref: string) => Promise<RenderedAttachment>;
/** Records that a mail server accepted a message (never called when the message only went to the folder). */
export type SentHandler = (ref: string) => Promise<void>;

/** Queues a message; call it inside the transaction that makes the mail necessary. */
export async function enqueueMail(db: DbOrTx, mail: NewMail): Promise<number> {
  const attachments: MailAttachment[] = (mail.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    contentBase64: a.content.toString('base64'),
  }));
  const [row] = await db
    .insert(mailOutbox)
    .values({
      messageId: `${randomUUID()}@spedycja`,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      attachments,
      attachmentRefs: mail.renderedAttachments ?? [],
      onSent: mail.onSent ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row?.id ?? 0;
}

const BACKLOG_PAUSE_FROM_MS = 20;
const MAX_BACKLOG_PAUSE_MS = 2000;

/** Backoff between attempts: 10 s, 30 s, 1.5 min … capped at 30 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(1800, 10 * 3 ** Math.max(0, attempts - 1));

export type Outbox = {
  /** 'smtp' sends through the mail server; 'file' keeps each message as an .eml file (no SMTP_URL). */
  mode: MailTransport['kind'];
  /** Sends what is due now; resolves with the number sent. */
  flush(): Promise<number>;
  /** Asks for a flush soon (after an enqueue). */
  nudge(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /** The renderer of one kind of attachment made at sending time (an invoice's PDF). */
  registerAttachment(kind: string, render: AttachmentRenderer): void;
  /** What to record when a mail server (SMTP) accepted a message queued with onSent of this kind. */
  onSent(kind: string, handler: SentHandler): void;
};

export function createOutbox(db: Db, transport: MailTransport, from: string, log?: FastifyBaseLogger): Outbox {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  const renderers = new Map<string, AttachmentRenderer>();
  const sentHandlers = new Map<string, SentHandler>();

  async function renderAll(refs: readonly MailAttachmentRef[]): Promise<RenderedAttachment[]> {
    const rendered: RenderedAttachment[] = [];
    for (const ref of refs) {
      const render = renderers.get(ref.kind);
      if (!render) throw new Error(`no renderer for attachments of kind ${ref.kind}`);
      rendered.push(await render(ref.ref));
    }
    return rendered;
  }

  /**
   * Claims one due message by leasing it (locked_until), so that several app instances never send
   * the same message; the lease also frees it again if this process dies mid-send.
   */
  async function claim() {
    const [row] = await db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() + interval '2 minutes'`, attempts: sql`${mailOutbox.attempts} + 1` })
      .where(
        sql`${mailOutbox.id} = (
          SELECT id FROM mail_outbox
          WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
          ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      )
      .returning();
    return row;
  }

  /** Ends a pause at once when the outbox stops. */
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function flushOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const row = await claim();
      if (!row) return sent;
      const began = performance.now();
      try {
        await transport.send({
          messageId: row.messageId,
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: [
            ...row.attachments.map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              content: Buffer.from(a.contentBase64, 'base64'),
            })),
            // Rendered now, not when queued: the document as it is when it goes out.
            ...(await renderAll(row.attachmentRefs ?? [])),
          ],
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
          .where(eq(mailOutbox.id, row.id));
        sent++;
        // Only a mail server's acceptance counts as sent: a message written to the folder marks nothing.
        const handler = row.onSent && transport.kind === 'smtp' ? sentHandlers.get(row.onSent.kind) : undefined;
        if (row.onSent && handler) {
          await handler(row.onSent.ref).catch((e) =>
            log?.error({ mailId: row.id, error: e instanceof Error ? e.message : String(e) }, 'sent mark failed'),
          );
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log?.warn({ mailId: row.id, attempts: row.attempts, error: message }, 'mail not sent, will retry');
        await db
          .update(mailOutbox)
          .set({
            lockedUntil: null,
            lastError: message.slice(0, 1000),
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
          })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending')));
        // The server is probably down: leave the rest for the next round.
        return sent;
      }
      // A backlog (the first reminders run of a large office: thousands of invoice PDFs) takes at most half of this
      // server's time: after a message that cost more than a moment, as long a pause before the next. The PDF is
      // rendered on the event loop, and the dispatchers' requests wait behind it.
      const cost = performance.now() - began;
      if (cost > BACKLOG_PAUSE_FROM_MS) await pause(Math.min(cost, MAX_BACKLOG_PAUSE_MS));
    }
  }

  const flush = () => {
    running ??= flushOnce().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    mode: transport.kind,
    flush,
    nudge() {
      // After the request's commit, so that the worker sees what it queued.
      afterCommit(() => {
        if (!stopped) setImmediate(() => void flush().catch((e) => log?.error(e)));
      });
    },
    start(intervalMs = 5000) {
      timer = setInterval(() => void flush().catch((e) => log?.error(e)), intervalMs);
      timer.unref();
    },
    registerAttachment(kind, render) {
      renderers.set(kind, render);
    },
    onSent(kind, handler) {
      sentHandlers.set(kind, handler);
    },
    async stop() {
      stopped = true;
      wake?.();
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}

export async function pendingMail(db: DbOrTx) {
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.createdAt, sql`now()`)));
}

import {
  CUSTOMER_MILESTONES,
  type CustomerMilestone,
  DEFAULT_CUSTOMER_MILESTONES,
  mailMessages,
  milestoneMail,
  trackLanguageOf,
} from '@spedycja/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { writeHistoryLine } from '../../db/history.ts';
import { customerMilestones, customers, orderDocuments, orders, portalLinks } from '../../db/schema/index.ts';
import { publicBaseUrl } from '../../http/origin.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { readAllSettings } from '../settings/company.ts';
import { ensureTrackToken } from './token.ts';

/**
 * The customer's milestones (issue 37): the order sent, loaded, unloaded, the CMR released. Each is recorded once per
 * order (customer_milestones' primary key: a second report, or a second instance at the same moment, inserts nothing
 * and mails nothing) and, when the customer wants that milestone mailed (their own list, or the settings' default)
 * and has an e-mail address, a short mail with the tracking link goes through the outbox in the same transaction.
 * Without a mail server the message is kept in the folder as every other one, and the order's history and its
 * 'Klient — link' say so.
 */
export type CustomerMilestones = ReturnType<typeof customerMilestoneService>;

export const parseMilestones = (value: string | null | undefined): CustomerMilestone[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v): v is CustomerMilestone => (CUSTOMER_MILESTONES as readonly string[]).includes(v));

export function customerMilestoneService(deps: { config: Config; key: Buffer; mailKept: () => boolean }) {
  const { config, key } = deps;
  const trackUrl = (request: FastifyRequest | undefined, token: string) =>
    `${request ? publicBaseUrl(config, request) : config.publicUrl}/t/${token}`;

  async function orderFacts(tx: DbOrTx, orderId: number) {
    const [row] = await tx
      .select({
        uuid: orders.uuid,
        number: orders.number,
        loadingCity: orders.loadingCity,
        unloadingCity: orders.unloadingCity,
        deletionReason: orders.deletionReason,
        unloadingFinished: orders.unloadingFinished,
        carrierUnloadedAt: portalLinks.unloadedAt,
        email: customers.email,
        language: customers.language,
        milestoneMails: customers.milestoneMails,
        hasCustomer: sql<boolean>`${customers.id} IS NOT NULL`,
      })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(portalLinks, eq(portalLinks.orderId, orders.id))
      .where(eq(orders.id, orderId));
    return row;
  }

  /** The milestones this customer is mailed: their own list, or the settings' default. */
  async function wanted(tx: DbOrTx, own: string | null): Promise<CustomerMilestone[]> {
    if (own !== null) return parseMilestones(own);
    const settings = await readAllSettings(tx);
    return parseMilestones(settings.customerMilestoneMails ?? DEFAULT_CUSTOMER_MILESTONES);
  }

  /**
   * Records the milestone once; mails it when wanted. `send` (the order's own confirmation for 'sent') queues the mail
   * itself with the link and answers its outbox id; otherwise a short milestone mail is queued here.
   */
  async function reached(
    tx: DbOrTx,
    orderId: number,
    milestone: CustomerMilestone,
    request?: FastifyRequest,
  ): Promise<boolean> {
    const facts = await orderFacts(tx, orderId);
    if (!facts?.hasCustomer || facts.deletionReason > 0) return false;
    const mailed = facts.email && (await wanted(tx, facts.milestoneMails)).includes(milestone) ? facts.email : null;
    const kept = mailed !== null && deps.mailKept();
    const [row] = await tx
      .insert(customerMilestones)
      .values({ orderId, milestone, to: mailed, kept })
      .onConflictDoNothing()
      .returning({ orderId: customerMilestones.orderId });
    if (!row || !mailed) return Boolean(row);
    const { token } = await ensureTrackToken(tx, key, orderId, { markSent: true });
    const company = await readAllSettings(tx);
    const mail = milestoneMail(trackLanguageOf(facts.language), milestone, {
      number: facts.number,
      route: `${facts.loadingCity ?? ''} → ${facts.unloadingCity ?? ''}`,
      link: trackUrl(request, token),
      company: company.companyName ?? '',
    });
    const mailId = await enqueueMail(tx, { to: mailed, subject: mail.subject, text: mail.text });
    await tx
      .update(customerMilestones)
      .set({ mailId })
      .where(and(eq(customerMilestones.orderId, orderId), eq(customerMilestones.milestone, milestone)));
    if (kept) {
      await writeHistoryLine(tx, {
        resource: 'orders',
        recordUuid: facts.uuid,
        action: 'send',
        changes: [
          { field: `customerMilestone.${milestone}`, from: null, to: mailMessages.keptInFolderHistory(mailed) },
        ],
      });
    }
    return true;
  }

  /**
   * The order confirmation going to the customer: the link joins that mail (when the customer is mailed the 'sent'
   * milestone), and the milestone is recorded against it. Answers the link to put into the mail, or undefined.
   */
  async function linkForOrderMail(tx: DbOrTx, orderId: number, request: FastifyRequest): Promise<string | undefined> {
    const facts = await orderFacts(tx, orderId);
    if (!facts?.hasCustomer || !facts.email) return undefined;
    if (!(await wanted(tx, facts.milestoneMails)).includes('sent')) return undefined;
    const { token } = await ensureTrackToken(tx, key, orderId, { markSent: true });
    return trackUrl(request, token);
  }

  async function orderMailQueued(tx: DbOrTx, orderId: number, mailId: number, to: string, withLink: boolean) {
    await tx
      .insert(customerMilestones)
      .values({ orderId, milestone: 'sent', to: withLink ? to : null, kept: withLink && deps.mailKept(), mailId })
      .onConflictDoNothing();
  }

  /** Releases the order's live CMRs to the customer; 'cmr' is reached when one is visible. Answers how many. */
  async function releaseCmrs(tx: DbOrTx, orderId: number, request?: FastifyRequest): Promise<number> {
    const released = await tx
      .update(orderDocuments)
      .set({ visibleToCustomer: true, releasedAt: sql`now()` })
      .where(
        and(
          eq(orderDocuments.orderId, orderId),
          eq(orderDocuments.kind, 'cmr'),
          isNull(orderDocuments.deletedAt),
          eq(orderDocuments.visibleToCustomer, false),
        ),
      )
      .returning({ fileName: orderDocuments.fileName });
    if (released.length > 0) {
      const facts = await orderFacts(tx, orderId);
      if (facts) {
        await writeHistoryLine(tx, {
          resource: 'orders',
          recordUuid: facts.uuid,
          action: 'update',
          changes: released.map((d) => ({ field: 'documentVisibleToCustomer', from: null, to: d.fileName })),
        });
      }
      await reached(tx, orderId, 'cmr', request);
    }
    return released.length;
  }

  const autoRelease = async (tx: DbOrTx) => (await readAllSettings(tx)).customerCmrAutoRelease !== 'nie';

  return {
    reached,
    linkForOrderMail,
    orderMailQueued,
    /** Loading reported or confirmed. */
    loaded: (tx: DbOrTx, orderId: number, request?: FastifyRequest) => reached(tx, orderId, 'loaded', request),
    /** Unloading reported or confirmed: the milestone, then the CMRs released when the settings say so. */
    async unloaded(tx: DbOrTx, orderId: number, request?: FastifyRequest) {
      await reached(tx, orderId, 'unloaded', request);
      if (await autoRelease(tx)) await releaseCmrs(tx, orderId, request);
    },
    /** A CMR arrived (the carrier's upload or the office's): released at once when the order is unloaded. */
    async cmrArrived(tx: DbOrTx, orderId: number, request?: FastifyRequest) {
      const facts = await orderFacts(tx, orderId);
      const unloaded = facts?.unloadingFinished || Boolean(facts?.carrierUnloadedAt);
      if (unloaded && (await autoRelease(tx))) await releaseCmrs(tx, orderId, request);
    },
    /** A document made visible by hand: a CMR reaches 'cmr'. */
    released: (tx: DbOrTx, orderId: number, request?: FastifyRequest) => reached(tx, orderId, 'cmr', request),
  };
}

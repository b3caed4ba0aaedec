import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  CUSTOMER_ROLE,
  customerLinkPostSchema,
  documentUpdateSchema,
  invitationAcceptSchema,
  customerWindowMessages as msg,
  panelUserInviteSchema,
  panelUserUpdateSchema,
  trackLanguageOf,
} from '@spedycja/domain';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { writeHistoryLine } from '../../db/history.ts';
import {
  customerLinks,
  customers,
  orderDocuments,
  orders,
  panelInvitations,
  panelUsers,
  refreshTokens,
  users,
} from '../../db/schema/index.ts';
import type { FileStore } from '../../files/store.ts';
import { actorId } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { collection, iri } from '../../http/hydra.ts';
import { publicBaseUrl } from '../../http/origin.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { hitRateLimit } from '../../http/rateLimit.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { openSecret } from '../ksef/secrets.ts';
import type { KsefService } from '../ksef/service.ts';
import { readAllSettings } from '../settings/company.ts';
import {
  hashInvitation,
  INVITATION_HOURS,
  registerOrderDocumentAttachment,
  sendCustomerDocument,
} from './documents.ts';
import type { CustomerMilestones } from './milestones.ts';
import { ensureTrackToken, findTrackLink, hashTrackToken, revokeTrackLink, TRACK_LIMITS } from './token.ts';
import { customerLinkState, customerOrderView } from './view.ts';

const tokenParams = z.object({ token: z.string().max(200) });
/**
 * The customer's window (issue 37), the public and the office's side: the tracking page's calls under
 * /api/public/track/{token} (a wrong, expired or revoked token: one 404 with the brokerage's phone), the order's
 * 'Klient — link', the documents' 'Widoczny dla klienta', and the customer's panel users with their invitations.
 */
export async function customerWindowRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    store: FileStore;
    ksef: KsefService;
    key: Buffer;
    milestones: CustomerMilestones;
  },
) {
  const { db, config, key, milestones } = deps;
  registerOrderDocumentAttachment(app.outbox, db, deps.store);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pub = { public: true };
  const tags = ['Customer tracking'];
  const staffTags = ['Customer window'];

  const invalid = async () => {
    const company = await readAllSettings(db);
    return new AppError(404, 'track_link_invalid', msg.linkInvalid, undefined, {
      brokeragePhone: company.companyPhone ?? null,
      brokerageName: company.companyName ?? null,
    });
  };

  /** Rate limits first (a wrong token counts against its address too), then the link or the one 404. */
  const linkFor = async (request: FastifyRequest, token: string) => {
    await hitRateLimit(db, `track-ip:${request.ip}`, TRACK_LIMITS.perIp, 60, msg.tooManyRequests);
    await hitRateLimit(
      db,
      `track-token:${hashTrackToken(token).slice(0, 32)}`,
      TRACK_LIMITS.perToken,
      60,
      msg.tooManyRequests,
    );
    const found = await findTrackLink(db, token);
    if (!found) throw await invalid();
    return found;
  };

  r.get('/api/public/track/:token', { config: pub, schema: { tags, params: tokenParams } }, async (request) => {
    const { token } = request.params;
    const found = await linkFor(request, token);
    // What the office sees: first opened, last viewed, how many views.
    await db
      .update(customerLinks)
      .set({
        firstOpenedAt: sql`coalesce(${customerLinks.firstOpenedAt}, now())`,
        lastViewedAt: sql`now()`,
        views: sql`${customerLinks.views} + 1`,
      })
      .where(eq(customerLinks.id, found.link.id));
    const view = await customerOrderView(
      db,
      found.link.orderId,
      (uuid) => `/api/public/track/${token}/documents/${uuid}`,
    );
    if (!view) throw await invalid();
    return view;
  });

  r.get(
    '/api/public/track/:token/documents/:id',
    { config: pub, schema: { tags, params: tokenParams.extend({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const found = await linkFor(request, request.params.token);
      return sendCustomerDocument(deps, reply, found.link.orderId, uuidParam(request.params.id));
    },
  );

  // The office's side.
  const orderOf = async (id: string) => {
    const [order] = await db
      .select({ id: orders.id, uuid: orders.uuid, deletionReason: orders.deletionReason })
      .from(orders)
      .where(eq(orders.uuid, uuidParam(id)));
    if (!order || order.deletionReason > 0) throw notFound();
    return order;
  };
  const linkJson = async (request: FastifyRequest, orderId: number) => {
    const state = await customerLinkState(db, orderId);
    const [link] = await db.select().from(customerLinks).where(eq(customerLinks.orderId, orderId));
    const token = link?.tokenSealed && link.tokenHash ? openSecret(key, link.tokenSealed) : null;
    const live = token ? await findTrackLink(db, token) : null;
    return Object.assign(state, {
      url: token ? `${publicBaseUrl(config, request)}/t/${token}` : null,
      expired: Boolean(token && !live),
    });
  };

  r.get('/api/orders/:id/customer_link', { schema: { tags: staffTags, params: idParams } }, async (request) => {
    const order = await orderOf(request.params.id);
    return linkJson(request, order.id);
  });

  r.post(
    '/api/orders/:id/customer_link',
    {
      schema: {
        tags: staffTags,
        params: idParams,
        body: customerLinkPostSchema,
      },
    },
    async (request, reply) => {
      const order = await orderOf(request.params.id);
      const pdfVisible = request.body?.orderPdfVisible;
      if (pdfVisible !== undefined && request.body?.rotate === undefined) {
        // Only the order confirmation's 'Widoczny dla klienta': a row without a token keeps it; no link is issued.
        await db.insert(customerLinks).values({ orderId: order.id }).onConflictDoNothing();
        const [before] = await db
          .select({ id: customerLinks.id, visible: customerLinks.orderPdfVisible })
          .from(customerLinks)
          .where(eq(customerLinks.orderId, order.id))
          .for('update');
        if (before && before.visible !== pdfVisible) {
          await db.update(customerLinks).set({ orderPdfVisible: pdfVisible }).where(eq(customerLinks.id, before.id));
          await writeHistoryLine(db, {
            resource: 'orders',
            recordUuid: order.uuid,
            action: 'update',
            changes: [
              {
                field: 'orderPdfVisibleToCustomer',
                from: before.visible ? 'tak' : 'nie',
                to: pdfVisible ? 'tak' : 'nie',
              },
            ],
          });
        }
        return linkJson(request, order.id);
      }
      const rotate = request.body?.rotate === true;
      const { token, created } = await ensureTrackToken(db, key, order.id, { rotate });
      if (!(await findTrackLink(db, token))) throw new AppError(409, 'link_expired', msg.linkExpired);
      if (created) {
        await writeHistoryLine(db, {
          resource: 'orders',
          recordUuid: order.uuid,
          action: 'update',
          changes: [
            { field: 'customerLink', from: null, to: rotate ? 'nowy link (poprzedni unieważniony)' : 'wydano' },
          ],
        });
      }
      return reply.code(created ? 201 : 200).send(await linkJson(request, order.id));
    },
  );

  r.post('/api/orders/:id/customer_link/revoke', { schema: { tags: staffTags, params: idParams } }, async (request) => {
    const order = await orderOf(request.params.id);
    if (!(await revokeTrackLink(db, order.id))) throw new AppError(409, 'no_link', msg.noLink);
    await writeHistoryLine(db, {
      resource: 'orders',
      recordUuid: order.uuid,
      action: 'update',
      changes: [{ field: 'customerLink', from: 'aktywny', to: 'unieważniony' }],
    });
    return linkJson(request, order.id);
  });

  r.put(
    '/api/documents/:id',
    { schema: { tags: staffTags, params: idParams, body: documentUpdateSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const [doc] = await db
        .select()
        .from(orderDocuments)
        .where(and(eq(orderDocuments.uuid, uuid), isNull(orderDocuments.deletedAt)))
        .for('update');
      if (!doc) throw notFound();
      const visible = request.body.visibleToCustomer;
      if (doc.visibleToCustomer !== visible) {
        await db
          .update(orderDocuments)
          .set({ visibleToCustomer: visible, releasedAt: visible ? sql`now()` : null })
          .where(eq(orderDocuments.id, doc.id));
        const [order] = await db.select({ uuid: orders.uuid }).from(orders).where(eq(orders.id, doc.orderId));
        await writeHistoryLine(db, {
          resource: 'orders',
          recordUuid: order?.uuid as string,
          action: 'update',
          changes: [
            {
              field: 'documentVisibleToCustomer',
              from: visible ? null : doc.fileName,
              to: visible ? doc.fileName : null,
            },
          ],
        });
        if (visible && doc.kind === 'cmr') await milestones.released(db, doc.orderId, request);
      }
      return {
        '@id': iri('documents', doc.uuid),
        '@type': 'OrderDocument',
        uuid: doc.uuid,
        kind: doc.kind,
        fileName: doc.fileName,
        visibleToCustomer: visible,
      };
    },
  );

  // The customer's panel users.
  const customerOf = async (id: string) => {
    const [row] = await db
      .select({
        id: customers.id,
        uuid: customers.uuid,
        companyName: customers.companyName,
        language: customers.language,
      })
      .from(customers)
      .where(eq(customers.uuid, uuidParam(id)));
    if (!row) throw notFound();
    return row;
  };
  const panelUserSelect = () =>
    db
      .select({
        uuid: panelUsers.uuid,
        email: users.login,
        name: users.name,
        active: panelUsers.active,
        createdAt: panelUsers.createdAt,
        passwordSetAt: panelUsers.passwordSetAt,
        customerUuid: customers.uuid,
        invitationExpiresAt: sql<string | null>`(SELECT max(expires_at) FROM panel_invitations i
          WHERE i.panel_user_id = ${panelUsers.id} AND i.used_at IS NULL)`,
      })
      .from(panelUsers)
      .innerJoin(users, eq(users.id, panelUsers.userId))
      .innerJoin(customers, eq(customers.id, panelUsers.customerId));
  type PanelUserRow = Awaited<ReturnType<ReturnType<typeof panelUserSelect>['execute']>>[number];
  const panelUserJson = (row: PanelUserRow) => ({
    '@id': iri('panel_users', row.uuid),
    '@type': 'PanelUser',
    uuid: row.uuid,
    email: row.email,
    name: row.name,
    active: row.active,
    customer: iri('customers', row.customerUuid),
    createdAt: row.createdAt.toISOString(),
    passwordSetAt: row.passwordSetAt ? row.passwordSetAt.toISOString() : null,
    invitationExpiresAt: row.invitationExpiresAt ? new Date(row.invitationExpiresAt).toISOString() : null,
  });

  r.get('/api/customers/:id/panel_users', { schema: { tags: staffTags, params: idParams } }, async (request) => {
    const customer = await customerOf(request.params.id);
    const rows = await panelUserSelect().where(eq(panelUsers.customerId, customer.id)).orderBy(asc(panelUsers.id));
    const members = rows.map(panelUserJson);
    return collection(request.url, members, members.length, {
      paginated: false,
      page: 1,
      itemsPerPage: members.length,
    });
  });

  /** A new invitation (72 h, single-use) for the person, mailed with the link to set the password. */
  const invite = async (request: FastifyRequest, panelUserId: number, email: string, language: string) => {
    const token = randomBytes(32).toString('base64url');
    await db.insert(panelInvitations).values({
      panelUserId,
      tokenHash: hashInvitation(token),
      expiresAt: sql`now() + make_interval(hours => ${INVITATION_HOURS})`,
    });
    const pl = trackLanguageOf(language) === 'pl';
    // The page is in the customer's language, as the tracking page: the link says so (it has no login to ask).
    const link = `${publicBaseUrl(config, request)}/panel/invite/${token}${pl ? '' : '?lang=en'}`;
    const company = (await readAllSettings(db)).companyName ?? '';
    await enqueueMail(db, {
      to: email,
      subject: pl ? `Zaproszenie do panelu klienta — ${company}` : `Invitation to the customer panel — ${company}`,
      text: pl
        ? `Dzień dobry,\n\nzapraszamy do panelu klienta: Twoje zlecenia, dokumenty, faktury i nowe zapytania.\nUstaw hasło (link ważny ${INVITATION_HOURS} godziny, jednorazowy):\n${link}\n\nLogin: ${email}\n\nPozdrawiamy,\n${company}\n`
        : `Hello,\n\nyou are invited to our customer panel: your orders, documents, invoices and new requests.\nSet your password (the link is valid for ${INVITATION_HOURS} hours, once):\n${link}\n\nLogin: ${email}\n\nKind regards,\n${company}\n`,
    });
    app.outbox.nudge();
    return token;
  };

  r.post(
    '/api/customers/:id/panel_users',
    { schema: { tags: staffTags, params: idParams, body: panelUserInviteSchema } },
    async (request, reply) => {
      const customer = await customerOf(request.params.id);
      const { email, name } = request.body;
      const [taken] = await db
        .select({ id: users.id, roles: users.roles })
        .from(users)
        .where(sql`lower(${users.login}) = ${email}`);
      const me = await actorId(db, request);
      let panelUserId: number;
      if (taken) {
        // The same person invited again (an expired invitation): a new link, if they are this customer's.
        const [own] = await db
          .select({ id: panelUsers.id, passwordSetAt: panelUsers.passwordSetAt })
          .from(panelUsers)
          .where(and(eq(panelUsers.userId, taken.id), eq(panelUsers.customerId, customer.id)));
        if (!own || own.passwordSetAt) throw new AppError(409, 'panel_user_exists', msg.panelUserExists);
        panelUserId = own.id;
      } else {
        const [user] = await db
          .insert(users)
          .values({
            login: email,
            name,
            email,
            // No password until the invitation is accepted: no hash verifies against this.
            passwordHash: '!invited',
            roles: [CUSTOMER_ROLE],
          })
          .returning({ id: users.id });
        const [panel] = await db
          .insert(panelUsers)
          .values({ userId: user?.id as number, customerId: customer.id, createdById: me })
          .returning({ id: panelUsers.id });
        panelUserId = panel?.id as number;
      }
      await invite(request, panelUserId, email, customer.language);
      await writeHistoryLine(db, {
        resource: 'customers',
        recordUuid: customer.uuid,
        action: 'update',
        changes: [{ field: 'panelUser', from: null, to: `zaproszono ${email}` }],
      });
      const [row] = await panelUserSelect().where(eq(panelUsers.id, panelUserId));
      return reply.code(201).send(panelUserJson(row as PanelUserRow));
    },
  );

  r.put(
    '/api/panel_users/:id',
    { schema: { tags: staffTags, params: idParams, body: panelUserUpdateSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const [panel] = await db
        .select({ id: panelUsers.id, userId: panelUsers.userId, active: panelUsers.active, userUuid: users.uuid })
        .from(panelUsers)
        .innerJoin(users, eq(users.id, panelUsers.userId))
        .where(eq(panelUsers.uuid, uuid))
        .for('update', { of: panelUsers });
      if (!panel) throw notFound();
      const { active } = request.body;
      if (panel.active !== active) {
        await db.update(panelUsers).set({ active }).where(eq(panelUsers.id, panel.id));
        // A disabled person's sessions end: the refresh tokens now, the access token at its next request.
        if (!active) {
          await db
            .update(refreshTokens)
            .set({ revokedAt: sql`now()` })
            .where(and(eq(refreshTokens.userId, panel.userId), isNull(refreshTokens.revokedAt)));
        }
        const [row] = await panelUserSelect().where(eq(panelUsers.id, panel.id));
        await writeHistoryLine(db, {
          resource: 'customers',
          recordUuid: (row?.customerUuid ?? '') as string,
          action: 'update',
          changes: [
            {
              field: 'panelUser',
              from: `${row?.email} ${panel.active ? 'aktywny' : 'wyłączony'}`,
              to: active ? 'aktywny' : 'wyłączony',
            },
          ],
        });
        app.forgetUser(panel.userUuid);
      }
      const [row] = await panelUserSelect().where(eq(panelUsers.id, panel.id));
      return panelUserJson(row as PanelUserRow);
    },
  );

  // The invitation: the person sets a password once, within 72 hours.
  r.post(
    '/api/panel/invitations/:token/accept',
    { config: pub, schema: { tags: ['Customer panel'], params: tokenParams, body: invitationAcceptSchema } },
    async (request) => {
      await hitRateLimit(db, `invite-ip:${request.ip}`, 60, 60, msg.tooManyRequests);
      const passwordHash = await hash(request.body.password);
      const accepted = await db.transaction(async (tx) => {
        const [spent] = await tx
          .update(panelInvitations)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(panelInvitations.tokenHash, hashInvitation(request.params.token)),
              isNull(panelInvitations.usedAt),
              gt(panelInvitations.expiresAt, sql`now()`),
            ),
          )
          .returning({ panelUserId: panelInvitations.panelUserId });
        if (!spent) return null;
        const [panel] = await tx
          .update(panelUsers)
          .set({ passwordSetAt: sql`now()` })
          .where(and(eq(panelUsers.id, spent.panelUserId), eq(panelUsers.active, true)))
          .returning({ userId: panelUsers.userId, customerId: panelUsers.customerId });
        if (!panel) return null;
        const [user] = await tx
          .update(users)
          .set({ passwordHash })
          .where(eq(users.id, panel.userId))
          .returning({ login: users.login, uuid: users.uuid });
        const [customer] = await tx
          .select({ uuid: customers.uuid })
          .from(customers)
          .where(eq(customers.id, panel.customerId));
        await writeHistoryLine(tx, {
          resource: 'customers',
          recordUuid: customer?.uuid as string,
          action: 'update',
          changes: [{ field: 'panelUser', from: null, to: `${user?.login}: ustawiono hasło` }],
        });
        return user;
      });
      if (!accepted) throw new AppError(404, 'invitation_invalid', msg.invitationInvalid);
      app.forgetUser(accepted.uuid);
      return { message: msg.passwordSet, username: accepted.login };
    },
  );
}

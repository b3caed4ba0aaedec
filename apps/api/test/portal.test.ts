import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENTS_PER_ORDER, portalMessages } from '@spedycja/domain';
import { eq, sql } from 'drizzle-orm';
import { decode as decodeJpeg } from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { mailOutbox, orderDocuments, portalLinks, telegramMessages, users } from '../src/db/schema/index.ts';
import type { DocumentRow } from '../src/modules/portal/repository.ts';
import { signedPreviewUrl } from '../src/modules/portal/service.ts';
import { hashPortalToken, PORTAL_LIMITS } from '../src/modules/portal/token.ts';
import { orderOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart, SAMPLES } from './portalHelpers.ts';

type Order = { '@id': string; uuid: string; number: string };

describe.each(dbKinds)("the carrier's link on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let dispatcher: string;
  let customer: { '@id': string };
  let carrier: { '@id': string; uuid: string };
  let otherCarrier: { '@id': string };

  beforeAll(async () => {
    t = await createTestApp(kind, { TELEGRAM_API_URL: 'http://127.0.0.1:9', TELEGRAM_POLL_SECONDS: '30' });
    admin = await t.login();
    await api('POST', '/api/users', {
      login: 'dyspozytor',
      name: 'Dyspozytor Nowak',
      plainPassword: 'haslo-dyspozytora-1',
      roles: ['ROLE_USER'],
    });
    dispatcher = await t.login('dyspozytor', 'haslo-dyspozytora-1');
    await t.database.db.update(users).set({ telegramUserId: '4242' }).where(eq(users.login, 'dyspozytor'));
    await api('PUT', '/api/settings/companyPhone', { value: '+48 61 000 11 22' }).catch(() => undefined);
    customer = (
      await api('POST', '/api/customers', { companyName: 'Tajny Klient Sp. z o.o.', city: 'Łódź', country: 'PL' })
    ).json();
    carrier = (
      await api('POST', '/api/carriers', {
        companyName: 'Trans-Kowalski',
        email: 'biuro@trans-kowalski.example',
        country: 'PL',
      })
    ).json();
    otherCarrier = (
      await api('POST', '/api/carriers', { companyName: 'Inny Przewoźnik', email: 'inny@example.com', country: 'PL' })
    ).json();
  }, 180_000);
  afterAll(() => t.close());

  function api(method: string, url: string, payload?: unknown, as = admin) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(as),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const carrierCall = (method: string, token: string, tail = '', payload?: unknown, ip = '10.0.0.1') =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/public/portal/${token}${tail}`,
      remoteAddress: ip,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  let seq = 0;
  async function sentOrder(
    fields: Record<string, unknown> = {},
  ): Promise<{ order: Order; token: string; url: string }> {
    const res = await api(
      'POST',
      '/api/orders',
      orderOf(customer['@id'], {
        cargo: `Palety ${++seq}`,
        carrier: carrier['@id'],
        carrierPrice: 250000,
        additionalInfo: 'NOTATKA WEWNĘTRZNA: klient płaci późno',
        customerPrice: 987654,
        ...fields,
      }),
      dispatcher,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as Order;
    const sent = await api('POST', `/api/orders/${order.uuid}/send/carrier`, undefined, dispatcher);
    expect(sent.statusCode, sent.body).toBe(200);
    const portal = (await api('GET', `/api/orders/${order.uuid}/portal`)).json();
    const url = portal.url as string;
    return { order, url, token: url.split('/p/')[1] as string };
  }

  const telegramCount = async () =>
    (
      await selectRows<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM ${telegramMessages} WHERE kind = 'portal'`,
      )
    )[0]?.n ?? 0;

  it('mails the carrier a personal link, keeps the same link on a second send, stores only its hash and a sealed copy', async () => {
    const { order, token, url } = await sentOrder();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url).toMatch(/^http:\/\/[^/]+\/p\//);
    const mails = await t.database.db.select().from(mailOutbox);
    expect(mails.some((m) => m.text.includes(url))).toBe(true);

    const again = await api('POST', `/api/orders/${order.uuid}/send/carrier`, undefined, dispatcher);
    expect(again.statusCode).toBe(200);
    const second = (await api('GET', `/api/orders/${order.uuid}/portal`)).json();
    expect(second.url).toBe(url);

    const [row] = await t.database.db.select().from(portalLinks);
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const everything = JSON.stringify(await t.database.db.select().from(portalLinks));
    expect(everything).not.toContain(token);
  });

  it('mails no link that would not open: an order sent again more than 30 days after its unloading', async () => {
    const { order } = await sentOrder({ loadingDate: '2026-09-01 08:00', unloadingDate: '2026-09-03' });
    const mails = await t.database.db.select().from(mailOutbox);
    const mine = mails.filter((m) => m.subject.includes(`nr ${order.number} `));
    expect(mine.length).toBeGreaterThan(0);
    for (const mail of mine) expect(mail.text).not.toContain('/p/');
  });

  it('shows the carrier the transport without the customer, its price or the internal notes', async () => {
    const { order, token } = await sentOrder();
    const res = await carrierCall('GET', token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.number).toBe(order.number);
    expect(body).not.toHaveProperty('customer');
    expect(body).not.toHaveProperty('customerPrice');
    expect(body).not.toHaveProperty('additionalInfo');
    expect(res.body).not.toContain('Tajny Klient');
    expect(res.body).not.toContain('987654');
    expect(res.body).not.toContain('9876,54');
    expect(res.body).not.toContain('NOTATKA WEWNĘTRZNA');
    expect(body.carrierPrice).toBe(250000);
    expect(body.document.title).toContain(order.number);
    expect(body.language).toBe('pl');
  });

  it("answers a wrong, revoked, expired or another carrier's token with a 404 naming the brokerage's phone", async () => {
    const a = await sentOrder();
    const b = await sentOrder();
    // Another order's token shows that order, never this one.
    expect((await carrierCall('GET', b.token)).json().number).toBe(b.order.number);

    const wrong = await carrierCall('GET', `${a.token.slice(0, -1)}${a.token.endsWith('A') ? 'B' : 'A'}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().detail).toBe(portalMessages.linkInvalid);
    expect(wrong.json()).toHaveProperty('brokeragePhone');
    expect((await carrierCall('GET', '../../etc/passwd')).statusCode).toBe(404);

    const revoked = await api('POST', `/api/orders/${a.order.uuid}/portal/revoke`, undefined, dispatcher);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ active: false, url: null });
    expect((await carrierCall('GET', a.token)).statusCode).toBe(404);
    expect((await carrierCall('POST', a.token, '/accept')).statusCode).toBe(404);
    await api('POST', `/api/orders/${a.order.uuid}/send/carrier`, undefined, dispatcher);
    const renewed = (await api('GET', `/api/orders/${a.order.uuid}/portal`)).json().url as string;
    expect(renewed).not.toContain(a.token);
    expect((await carrierCall('GET', renewed.split('/p/')[1] as string)).statusCode).toBe(200);

    // More than 30 days after the unloading date.
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const older = new Date(Date.now() - 41 * 86_400_000).toISOString().slice(0, 10);
    await api('PUT', `/api/orders/${b.order.uuid}`, { loadingDate: older, unloadingDate: old });
    expect((await carrierCall('GET', b.token)).statusCode).toBe(404);

    // Given to another carrier: the first one's link stops.
    const c = await sentOrder();
    await api('PUT', `/api/orders/${c.order.uuid}`, { carrier: otherCarrier['@id'] });
    expect((await carrierCall('GET', c.token)).statusCode).toBe(404);
  });

  it('accepts, or declines with a reason, once; each action notifies the owner once (badge and Telegram)', async () => {
    const a = await sentOrder();
    const before = await telegramCount();
    const accepted = await carrierCall('POST', a.token, '/accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().state.acceptedAt).toBeTruthy();
    // A second click changes nothing and notifies nobody again.
    expect((await carrierCall('POST', a.token, '/accept')).statusCode).toBe(200);
    expect(await telegramCount()).toBe(before + 1);
    expect((await carrierCall('POST', a.token, '/decline', { reason: 'Brak auta' })).statusCode).toBe(409);

    const b = await sentOrder();
    const noReason = await carrierCall('POST', b.token, '/decline', { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().detail).toBe(portalMessages.reasonRequired);
    const declined = await carrierCall('POST', b.token, '/decline', { reason: 'Brak wolnego auta' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().state).toMatchObject({ declineReason: 'Brak wolnego auta' });
    expect((await carrierCall('POST', b.token, '/accept')).statusCode).toBe(409);
    expect(await telegramCount()).toBe(before + 2);

    const portal = (await api('GET', `/api/orders/${b.order.uuid}/portal`, undefined, dispatcher)).json();
    expect(portal.events.map((e: { type: string }) => e.type)).toEqual(['sent', 'declined']);

    // The owner's drawer badge counts both, once each; seeing one order's link clears its share.
    const badge = async () => (await api('GET', '/api/portal/notifications', undefined, dispatcher)).json().count;
    const unseen = await badge();
    expect(unseen).toBeGreaterThanOrEqual(2);
    expect((await api('GET', '/api/portal/notifications')).json().count).toBe(0);
    const seen = await api('POST', '/api/portal/notifications/seen', { order: b.order.uuid }, dispatcher);
    expect(seen.json()).toEqual({ seen: 1 });
    expect(await badge()).toBe(unseen - 1);
    expect(portal.declinedAt).toBeTruthy();
  });

  it("takes the driver and plates into the order, changeable until loading; 'Załadowano' and 'Rozładowano' become confirmations to confirm", async () => {
    const a = await sentOrder();
    expect((await carrierCall('POST', a.token, '/events', { type: 'loaded' })).statusCode).toBe(409);
    await carrierCall('POST', a.token, '/accept');
    const vehicle = {
      driverName: 'Jan Kierowca',
      driverPhone: '+49 30 1234567',
      truckPlate: 'PO 12345',
      trailerPlate: 'PO 6789A',
      note: 'Auto z windą',
    };
    const put = await carrierCall('PUT', a.token, '/vehicle', vehicle);
    expect(put.statusCode, put.body).toBe(200);
    const order = (await api('GET', `/api/orders/${a.order.uuid}`)).json();
    expect(order).toMatchObject({ driverName: 'Jan Kierowca', truck: 'PO 12345', trailer: 'PO 6789A' });
    expect(order.driverPhonePrefix).toBe('49');
    expect((await carrierCall('PUT', a.token, '/vehicle', { driverName: '' })).statusCode).toBe(422);

    expect((await carrierCall('POST', a.token, '/events', { type: 'unloaded' })).statusCode).toBe(409);
    const loaded = await carrierCall('POST', a.token, '/events', { type: 'loaded', at: '2026-12-01 08:30' });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().state.loadedAt).toBe('2026-12-01T08:30:00.000Z');
    expect((await carrierCall('PUT', a.token, '/vehicle', vehicle)).statusCode).toBe(409);
    const unloaded = await carrierCall('POST', a.token, '/events', { type: 'unloaded' });
    expect(unloaded.statusCode, unloaded.body).toBe(200);
    expect(unloaded.json().state.unloadedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);

    // The dispatcher confirms the carrier's report through the loadings' own confirmation.
    const portal = (await api('GET', `/api/orders/${a.order.uuid}/portal`, undefined, dispatcher)).json();
    expect(portal.loadedAt).toBe('2026-12-01T08:30:00.000Z');
    const confirmed = await api(
      'POST',
      `/api/orders/${a.order.uuid}/loadingConfirmation`,
      { loadingFinished: true, loadingDate: portal.loadedAt },
      dispatcher,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ loadingFinished: true });
    expect(portal.events.map((e: { type: string }) => e.type)).toEqual([
      'sent',
      'accepted',
      'vehicle',
      'loaded',
      'unloaded',
    ]);
  });

  it('takes PDF, JPEG, PNG and HEIC by their content, refuses others (415) and oversize (413) storing nothing', async () => {
    const a = await sentOrder();
    const upload = (name: string, data: Buffer, kind = 'cmr', token = a.token) => {
      const body = multipart({ kind }, { name, data });
      return t.app.inject({
        method: 'POST',
        url: `/api/public/portal/${token}/documents`,
        payload: body.payload,
        headers: body.headers,
      });
    };
    for (const [name, data, type] of [
      ['cmr.pdf', SAMPLES.pdf(), 'application/pdf'],
      ['zdjecie.jpg', SAMPLES.jpeg(), 'image/jpeg'],
      ['skan.png', SAMPLES.png(), 'image/png'],
      ['IMG_0001.HEIC', SAMPLES.heic(), 'image/heic'],
      ['wygląda-na.exe', SAMPLES.pdf(), 'application/pdf'],
    ] as const) {
      const res = await upload(name, data);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ contentType: type, kind: 'cmr', source: 'carrier', size: data.length });
    }
    const count = async () => (await t.database.db.select().from(orderDocuments)).length;
    const files = () => readdirSync(t.config.files.dir, { recursive: true }).length;
    const [rows, stored] = [await count(), files()];

    const html = await upload('faktura.pdf', SAMPLES.text());
    expect(html.statusCode).toBe(415);
    expect(html.json().detail).toBe(portalMessages.fileType);
    const big = await upload('duzy.pdf', Buffer.concat([SAMPLES.pdf(), Buffer.alloc(20 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toBe(portalMessages.fileTooLarge);
    expect((await upload('x.pdf', SAMPLES.pdf(), 'wirus')).statusCode).toBe(422);
    expect([await count(), files()]).toEqual([rows, stored]);

    // Odd names never leave the store: the bytes live under their hash, the name is only a label.
    const odd = await upload('../../../etc/passwd\u0000.pdf', SAMPLES.pdf());
    expect(odd.statusCode, odd.body).toBe(201);
    expect(odd.json().fileName).toBe('passwd.pdf');
    for (const entry of readdirSync(t.config.files.dir, { recursive: true }) as string[])
      expect(path.basename(entry)).toMatch(/^[0-9a-f]{2}$|^[0-9a-f]{64}$/);

    const list = (await api('GET', `/api/orders/${a.order.uuid}/documents`, undefined, dispatcher)).json();
    expect(list['hydra:totalItems']).toBe(6);
    expect(list['hydra:member'][0]).toMatchObject({ source: 'carrier', addedBy: null, fileName: 'cmr.pdf' });
  });

  it("runs a carrier's write once per Idempotency-Key: a phone sending again gets the first answer, from any address", async () => {
    const a = await sentOrder();
    const keyed = (key: string, tail: string, payload?: unknown, ip = '10.0.0.1', method = 'POST') =>
      t.app.inject({
        method: method as 'POST',
        url: `/api/public/portal/${a.token}${tail}`,
        remoteAddress: ip,
        headers: { 'idempotency-key': key },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const uploadKeyed = (key: string, data: Buffer, ip = '10.0.0.1') => {
      const body = multipart({ kind: 'cmr' }, { name: 'cmr.pdf', data });
      return t.app.inject({
        method: 'POST',
        url: `/api/public/portal/${a.token}/documents`,
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': key },
        remoteAddress: ip,
      });
    };
    const documents = async () =>
      (await api('GET', `/api/orders/${a.order.uuid}/documents`, undefined, dispatcher)).json()['hydra:totalItems'];
    const events = async () =>
      (await api('GET', `/api/orders/${a.order.uuid}/portal`, undefined, dispatcher))
        .json()
        .events.map((e: { type: string }) => e.type);
    const telegramBefore = await telegramCount();

    const scan = SAMPLES.pdf();
    const first = await uploadKeyed('skan-1', scan);
    expect(first.statusCode, first.body).toBe(201);
    // The answer was lost; the phone, now on another network, sends the same file with the same key.
    const again = await uploadKeyed('skan-1', scan, '10.9.9.9');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().uuid).toBe(first.json().uuid);
    expect(await documents()).toBe(1);
    // The same key with another file is a mistake, not a second upload.
    const other = await uploadKeyed('skan-1', SAMPLES.pdf());
    expect(other.statusCode).toBe(422);
    expect(await documents()).toBe(1);

    expect((await keyed('przyjmij-1', '/accept')).statusCode).toBe(200);
    expect((await keyed('przyjmij-1', '/accept')).headers['idempotent-replayed']).toBe('true');
    const loaded = { type: 'loaded', at: '2026-11-26 10:00' };
    expect((await keyed('zaladunek-1', '/events', loaded)).statusCode).toBe(200);
    const loadedAgain = await keyed('zaladunek-1', '/events', loaded, '10.9.9.9');
    expect(loadedAgain.statusCode).toBe(200);
    expect(loadedAgain.headers['idempotent-replayed']).toBe('true');
    expect(await events()).toEqual(['sent', 'document', 'accepted', 'loaded']);
    // One Telegram message per action, none for the repeats.
    expect(await telegramCount()).toBe(telegramBefore + 3);

    // The key belongs to the link: another order's carrier using the same key runs its own write.
    const b = await sentOrder();
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${b.token}/accept`,
      remoteAddress: '10.0.0.1',
      headers: { 'idempotency-key': 'przyjmij-1' },
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined();
    expect(elsewhere.json().state.acceptedAt).toBeTruthy();
  });

  it(`refuses the ${DOCUMENTS_PER_ORDER + 1}st file of an order, also when uploads race`, async () => {
    const a = await sentOrder();
    const send = () => {
      const body = multipart({ kind: 'other' }, { name: 'p.png', data: SAMPLES.png() });
      return t.app.inject({
        method: 'POST',
        url: `/api/public/portal/${a.token}/documents`,
        payload: body.payload,
        headers: body.headers,
        remoteAddress: '10.0.0.9',
      });
    };
    const answers = await Promise.all(Array.from({ length: DOCUMENTS_PER_ORDER + 4 }, send));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(DOCUMENTS_PER_ORDER);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect(answers.find((r) => r.statusCode === 409)?.json().detail).toBe(portalMessages.tooManyFiles);
  });

  it('lets the office add files, serves them as uploaded with nosniff and no script, deletes only its own with a reason', async () => {
    const a = await sentOrder();
    const data = SAMPLES.pdf();
    const body = multipart({ kind: 'invoice' }, { name: 'faktura przewoźnika.pdf', data });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${a.order.uuid}/documents`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(dispatcher) },
    });
    expect(added.statusCode, added.body).toBe(201);
    const doc = added.json();
    expect(doc).toMatchObject({ kind: 'invoice', source: 'staff', addedBy: 'Dyspozytor Nowak' });
    expect(doc.sha256).toBe(createHash('sha256').update(data).digest('hex'));

    const content = await api('GET', `/api/documents/${doc.uuid}/content`, undefined, dispatcher);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(data)).toBe(true);
    expect(content.headers['x-content-type-options']).toBe('nosniff');
    expect(String(content.headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'/);
    expect(String(content.headers['content-security-policy'])).not.toContain('script-src');
    expect(String(content.headers['content-disposition'])).toMatch(/^attachment;/);
    const preview = await api('GET', `/api/documents/${doc.uuid}/content?preview=1`, undefined, dispatcher);
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline;/);
    expect((await t.app.inject({ method: 'GET', url: `/api/documents/${doc.uuid}/content` })).statusCode).toBe(401);

    // Someone else's file, and the carrier's, stay.
    const notOwn = await api('POST', `/api/remove/${doc.uuid}`, { type: 'document', reason: 'Pomyłka' }, admin);
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json().detail).toBe(portalMessages.deleteNotOwn);
    expect((await api('POST', `/api/remove/${doc.uuid}`, { type: 'document' }, dispatcher)).statusCode).toBe(422);
    const removed = await api('POST', `/api/remove/${doc.uuid}`, { type: 'document', reason: 'Zły plik' }, dispatcher);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await api('GET', `/api/orders/${a.order.uuid}/documents`)).json()['hydra:totalItems']).toBe(0);
    expect((await api('GET', `/api/documents/${doc.uuid}/content`)).statusCode).toBe(404);
    const events = (await api('GET', `/api/orders/${a.order.uuid}/portal`)).json().events;
    expect(events.at(-1)).toMatchObject({
      type: 'documentDeleted',
      user: 'Dyspozytor Nowak',
      detail: { reason: 'Zły plik' },
    });
  });

  it("previews from our origin: the staff's signed, short-lived address and the carrier's own files, each with the file's own sandboxing policy", async () => {
    const a = await sentOrder();
    const b = await sentOrder();
    await carrierCall('POST', a.token, '/accept');
    const upload = async (token: string, name: string, data: Buffer) => {
      const body = multipart({ kind: 'cmr' }, { name, data });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/portal/${token}/documents`,
        payload: body.payload,
        headers: body.headers,
      });
      expect(res.statusCode, res.body).toBe(201);
      return { ...(res.json() as { uuid: string }), data };
    };
    const pdf = await upload(a.token, 'cmr.pdf', SAMPLES.pdf());
    const png = await upload(a.token, 'skan.png', SAMPLES.png());
    const otherOrders = await upload(b.token, 'cudzy.pdf', SAMPLES.pdf());
    const anonymous = (url: string) => t.app.inject({ method: 'GET', url });
    const policy = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']);
    const expectInline = (res: Awaited<ReturnType<typeof anonymous>>, type: string, data: Buffer) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-disposition'])).toMatch(/^inline;/);
      expect(res.rawPayload.equals(data)).toBe(true);
      expect(policy(res)).toMatch(/^sandbox; default-src 'none';/);
      expect(policy(res)).toContain("frame-ancestors 'self'");
      expect(policy(res)).not.toMatch(/script-src|blob:/);
    };

    // The office: an address to put in a frame or a picture, which needs no token and opens that file only.
    const link = await api('GET', `/api/documents/${pdf.uuid}/previewLink`, undefined, dispatcher);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toMatchObject({ contentType: 'application/pdf' });
    const { url } = link.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/api/public/documents/${pdf.uuid}/content\\?expires=\\d+&signature=[\\w-]{43}$`));
    const pdfPreview = await anonymous(url);
    expectInline(pdfPreview, 'application/pdf', pdf.data);
    const pngUrl = (await api('GET', `/api/documents/${png.uuid}/previewLink`, undefined, dispatcher)).json().url;
    const pngPreview = await anonymous(pngUrl);
    expectInline(pngPreview, 'image/png', png.data);
    expect((await anonymous(`/api/documents/${pdf.uuid}/previewLink`)).statusCode).toBe(401);

    // Another file, a changed signature or expiry, an expired address, none at all: refused in Polish.
    const signature = url.split('signature=')[1] as string;
    const expires = Number(/expires=(\d+)/.exec(url)?.[1]);
    for (const forged of [
      url.replace(pdf.uuid, png.uuid),
      url.replace(`expires=${expires}`, `expires=${expires + 3600}`),
      url.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
      signedPreviewUrl(
        t.config.jwtSecret,
        { uuid: pdf.uuid, contentType: 'application/pdf' } as DocumentRow,
        Date.now() - 301_000,
      ).url,
      `/api/public/documents/${pdf.uuid}/content`,
    ]) {
      const refused = await anonymous(forged);
      expect(refused.statusCode, forged).toBe(403);
      expect(refused.json().detail).toBe(portalMessages.previewExpired);
    }

    // The carrier: the files of its own order, by its token; another order's file or a dead token is a 404.
    expectInline(await anonymous(`/api/public/portal/${a.token}/documents/${png.uuid}/content`), 'image/png', png.data);
    const carrierPdf = await anonymous(`/api/public/portal/${a.token}/documents/${pdf.uuid}/content`);
    expectInline(carrierPdf, 'application/pdf', pdf.data);
    expect((await anonymous(`/api/public/portal/${a.token}/documents/${otherOrders.uuid}/content`)).statusCode).toBe(
      404,
    );
    expect((await anonymous(`/api/public/portal/${'x'.repeat(43)}/documents/${pdf.uuid}/content`)).statusCode).toBe(
      404,
    );
    expect((await anonymous(`/api/public/portal/${a.token}/documents/nie-uuid/content`)).statusCode).toBe(404);
  });

  it("marks each order and filters 'nie przyjęte' (after the setting's hours, or declined) and 'brak CMR po rozładunku' in SQL", async () => {
    const unanswered = await sentOrder();
    const declined = await sentOrder();
    const accepted = await sentOrder();
    await carrierCall('POST', declined.token, '/decline', { reason: 'Nie mamy auta' });
    await carrierCall('POST', accepted.token, '/accept');
    await carrierCall('POST', accepted.token, '/events', { type: 'loaded' });
    await carrierCall('POST', accepted.token, '/events', { type: 'unloaded' });
    // Only this test's orders (the earlier tests' declined and unloaded ones match too).
    const mine = new Set([unanswered.order.number, declined.order.number, accepted.order.number]);
    const numbers = async (filter: string) =>
      (await api('GET', `/api/orders?portal=${filter}&pagination=false`))
        .json()
        ['hydra:member'].map((o: { number: string }) => o.number)
        .filter((n: string) => mine.has(n));
    // Within the two hours only the declined one is 'nie przyjęte'.
    expect(await numbers('nieprzyjete')).toEqual([declined.order.number]);
    await t.database.db
      .update(portalLinks)
      .set({ sentAt: sql`now() - interval '3 hours'` })
      .where(sql`${portalLinks.orderId} = (SELECT id FROM orders WHERE uuid = ${unanswered.order.uuid})`);
    expect((await numbers('nieprzyjete')).sort()).toEqual([unanswered.order.number, declined.order.number].sort());
    // A longer time in the settings: the unanswered one is not late yet.
    const setting = (await api('GET', '/api/settings'))
      .json()
      ['hydra:member'].find((s: { key: string }) => s.key === 'portalAcceptanceHours');
    expect((await api('PUT', `/api/settings/${setting.uuid}`, { value: '4' })).statusCode).toBe(200);
    expect(await numbers('nieprzyjete')).toEqual([declined.order.number]);
    expect((await api('PUT', `/api/settings/${setting.uuid}`, { value: 'dwie' })).statusCode).toBe(422);
    await api('PUT', `/api/settings/${setting.uuid}`, { value: '2' });

    expect(await numbers('brakCmr')).toContain(accepted.order.number);
    const body = multipart({ kind: 'cmr' }, { name: 'cmr.jpg', data: SAMPLES.jpeg() });
    await t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${accepted.token}/documents`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(await numbers('brakCmr')).not.toContain(accepted.order.number);
    expect((await api('GET', '/api/orders?portal=cokolwiek')).json()['hydra:totalItems']).toBe(0);

    const marks = (
      await api(
        'GET',
        `/api/portal/marks?order[]=${accepted.order.uuid}&order[]=${declined.order.uuid}&order[]=nie-uuid`,
      )
    ).json().marks;
    expect(marks[accepted.order.uuid]).toEqual({
      sent: true,
      accepted: true,
      declined: false,
      driver: false,
      loaded: true,
      unloaded: true,
      cmr: true,
      invoice: false,
    });
    expect(marks[declined.order.uuid]).toMatchObject({ accepted: false, declined: true, cmr: false });

    // The payments cockpit: the payable shows its CMR in, no invoice yet; with the invoice, 'Gotowe do zapłaty'.
    const payable = async () =>
      (await api('GET', '/api/payments?side=carrier&state=all&pagination=false'))
        .json()
        ['hydra:member'].find((p: { uuid: string }) => p.uuid === accepted.order.uuid);
    expect((await payable()).documents).toEqual({ cmr: true, invoice: false, readyToPay: false });
    const invoice = multipart({ kind: 'invoice' }, { name: 'faktura.pdf', data: SAMPLES.pdf() });
    await t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${accepted.token}/documents`,
      payload: invoice.payload,
      headers: invoice.headers,
    });
    expect((await payable()).documents).toEqual({ cmr: true, invoice: true, readyToPay: true });
  });

  it("previews a phone's HEIC photo as a JPEG (browsers cannot show HEIC) and keeps the download as uploaded", async () => {
    const a = await sentOrder();
    const heic = readFileSync(path.join(import.meta.dirname, 'fixtures/heic/cmr.heic'));
    const body = multipart({ kind: 'cmr' }, { name: 'IMG_0042.HEIC', data: heic });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/public/portal/${a.token}/documents`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(added.statusCode, added.body).toBe(201);
    const doc = added.json();
    const download = await api('GET', `/api/documents/${doc.uuid}/content`, undefined, dispatcher);
    expect(download.headers['content-type']).toBe('image/heic');
    expect(download.rawPayload.equals(heic)).toBe(true);
    const preview = await api('GET', `/api/documents/${doc.uuid}/content?preview=1`, undefined, dispatcher);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline; filename="IMG_0042\.jpg"/);
    const jpeg = decodeJpeg(preview.rawPayload);
    expect([jpeg.width, jpeg.height]).toEqual([64, 48]);
    // The picture, not just a JPEG: the top-left quarter is red-ish, the bottom-right green-ish.
    const pixel = (x: number, y: number) => [...jpeg.data.subarray((y * 64 + x) * 4, (y * 64 + x) * 4 + 3)];
    expect(pixel(4, 4)[0]).toBeGreaterThan(150);
    expect(pixel(60, 44)[1]).toBeGreaterThan(150);
    // A file with HEIC's first bytes that libheif cannot read: a Polish 422, not a 500.
    const broken = multipart({ kind: 'cmr' }, { name: 'zepsuty.heic', data: SAMPLES.heic() });
    const brokenDoc = (
      await t.app.inject({
        method: 'POST',
        url: `/api/public/portal/${a.token}/documents`,
        payload: broken.payload,
        headers: broken.headers,
      })
    ).json();
    const refused = await api('GET', `/api/documents/${brokenDoc.uuid}/content?preview=1`, undefined, dispatcher);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toBe(portalMessages.previewUnavailable);
  });

  it('limits the requests of one token and of one address', async () => {
    const a = await sentOrder();
    // The counters are rows: put them one short of the limit rather than send hundreds of requests.
    const counted = (key: string, count: number) =>
      t.database.db.execute(
        sql`INSERT INTO rate_counters (key, count, window_start) VALUES (${key}, ${count}, now())
            ON CONFLICT (key) DO UPDATE SET count = ${count}, window_start = now()`,
      );
    await counted(`portal-token:${hashPortalToken(a.token).slice(0, 32)}`, PORTAL_LIMITS.perToken - 1);
    // From any address, the link's last allowed request, then 429.
    expect((await carrierCall('GET', a.token, '', undefined, '10.1.0.1')).statusCode).toBe(200);
    const refused = await carrierCall('GET', a.token, '', undefined, '10.1.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toBe(portalMessages.tooManyRequests);
    // One address guessing tokens: each wrong one counts against the address until it is refused too.
    await counted('portal-ip:10.2.0.1', PORTAL_LIMITS.perIp - 2);
    expect((await carrierCall('GET', 'x'.repeat(43), '', undefined, '10.2.0.1')).statusCode).toBe(404);
    expect((await carrierCall('GET', 'y'.repeat(43), '', undefined, '10.2.0.1')).statusCode).toBe(404);
    expect((await carrierCall('GET', 'z'.repeat(43), '', undefined, '10.2.0.1')).statusCode).toBe(429);
    // An hour later the window starts again.
    await t.database.db.execute(
      sql`UPDATE rate_counters SET window_start = now() - interval '61 minutes' WHERE key = 'portal-ip:10.2.0.1'`,
    );
    expect((await carrierCall('GET', 'z'.repeat(43), '', undefined, '10.2.0.1')).statusCode).toBe(404);
  });
});

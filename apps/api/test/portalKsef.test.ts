import { portalMessages } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrap } from '../src/bootstrap.ts';
import type { Database } from '../src/db/client.ts';
import { orders, receivedInvoices } from '../src/db/schema/index.ts';
import { orderOf } from './fixtures.ts';
import { ADMIN, bearer, dbKinds, freshDatabase, idleOutbox, testConfig } from './helpers.ts';
import { type FakeKsef, startFakeKsef } from './ksefFake.ts';

const TOKEN = 'ksef-token-portal-1234';
const OUR_NIP = '5260250274';
const today = () => new Date().toISOString().slice(0, 10);

describe.each(dbKinds)("the carrier's KSeF invoice through the link on %s", (kind) => {
  let fake: FakeKsef;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let admin: string;

  beforeAll(async () => {
    fake = await startFakeKsef({ tokens: [TOKEN] });
    const config = testConfig({ KSEF_API_URL: fake.url, APP_SECRET: 'a-secret-for-the-portal-tests' });
    database = await freshDatabase(kind);
    await bootstrap(database.db, config);
    app = await buildApp({ config, db: database.db, outbox: idleOutbox(), logger: false });
    await app.ready();
    admin = (
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: ADMIN.username, password: ADMIN.password },
      })
    ).json().token;
    expect((await api('PUT', '/api/ksef/config', { token: TOKEN })).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    await fake.close();
  });

  function api(method: string, url: string, payload?: unknown) {
    return app.inject({
      method: method as 'GET',
      url,
      headers: bearer(admin),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  it('fetches the invoice KSeF holds under the number and matches it to this order as the sync does; refuses one that is not its', async () => {
    const customer = (
      await api('POST', '/api/customers', { companyName: 'Klient', city: 'Łódź', country: 'PL' })
    ).json();
    const carrier = (
      await api('POST', '/api/carriers', {
        companyName: 'Trans-Kowalski',
        nip: '7251801126',
        email: 'faktury@trans-kowalski.example',
        country: 'PL',
      })
    ).json();
    const order = (
      await api(
        'POST',
        '/api/orders',
        orderOf(customer['@id'], { carrier: carrier['@id'], carrierPrice: 250000, carrierPriceCurrency: 'pln' }),
      )
    ).json();
    expect((await api('POST', `/api/orders/${order.uuid}/send/carrier`)).statusCode).toBe(200);
    const token = ((await api('GET', `/api/orders/${order.uuid}/portal`)).json().url as string).split('/p/')[1];
    const carrierCall = (payload: unknown) =>
      app.inject({ method: 'POST', url: `/api/public/portal/${token}/invoice`, payload: payload as object });

    const [right, wrongAmount] = fake.addReceived(OUR_NIP, [
      {
        sellerNip: '7251801126',
        sellerName: 'Trans-Kowalski',
        invoiceNumber: 'FV/10/2026',
        issueDate: today(),
        net: 250000,
      },
      {
        sellerNip: '7251801126',
        sellerName: 'Trans-Kowalski',
        invoiceNumber: 'FV/11/2026',
        issueDate: today(),
        net: 260000,
      },
    ]);

    const mismatch = await carrierCall({ ksefNumber: wrongAmount });
    expect(mismatch.statusCode, mismatch.body).toBe(422);
    expect(mismatch.json().detail).toBe(portalMessages.ksefMismatch);

    const matched = await carrierCall({ ksefNumber: right });
    expect(matched.statusCode, matched.body).toBe(200);
    const [row] = await database.db
      .select()
      .from(receivedInvoices)
      .where(eq(receivedInvoices.ksefNumber, right as string));
    const [own] = await database.db.select({ id: orders.id }).from(orders).where(eq(orders.uuid, order.uuid));
    expect(row?.orderId).toBe(own?.id);
    expect(row?.netAmount).toBe(250000);
    const portal = (await api('GET', `/api/orders/${order.uuid}/portal`)).json();
    expect(portal.events.at(-1)).toMatchObject({ type: 'invoice', actor: 'carrier', detail: { ksefNumber: right } });
    const marks = (await api('GET', `/api/portal/marks?order[]=${order.uuid}`)).json().marks;
    expect(marks[order.uuid].invoice).toBe(true);

    const unknown = await carrierCall({ ksefNumber: '7251801126-20260101-0123456789AB-00' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toBe(portalMessages.ksefNotFound);
    expect((await carrierCall({ ksefNumber: 'FV/10/2026' })).statusCode).toBe(422);
  }, 120_000);
});

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, ksefConfig, orders, receivedInvoices } from '../../db/schema/index.ts';
import type { InvoiceMetadata, KsefClient } from '../../integrations/ksef/types.ts';
import type { KsefSettings } from './config.ts';

type WithAccess = <T>(work: (client: KsefClient, token: string) => Promise<T>) => Promise<T>;

const PAGE_SIZE = 250;
const PARALLEL_DOWNLOADS = 16;
const hundredths = (value: number) => Math.round(value * 100);
const onlyDigits = (nip: string) => nip.replace(/\D/g, '');

/** Runs `work` over `items`, `limit` at a time. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T);
      }
    }),
  );
  return results;
}

/**
 * Matches received invoices to orders: the seller is the order's carrier (by NIP) and the net amount is the carrier
 * price in the invoice's currency; an order takes one invoice. Returns how many were matched.
 */
export async function matchReceived(db: DbOrTx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const pending = await db
    .select({
      id: receivedInvoices.id,
      sellerNip: receivedInvoices.sellerNip,
      net: receivedInvoices.netAmount,
      currency: receivedInvoices.currency,
    })
    .from(receivedInvoices)
    .where(and(inArray(receivedInvoices.id, ids), isNull(receivedInvoices.orderId)));
  if (pending.length === 0) return 0;
  const nips = [...new Set(pending.map((p) => p.sellerNip))];
  const candidates = await db
    .select({
      id: orders.id,
      nip: sql<string>`regexp_replace(${carriers.nip}, '[^0-9]', '', 'g')`,
      price: orders.carrierPrice,
      currency: orders.carrierPriceCurrency,
    })
    .from(orders)
    .innerJoin(carriers, eq(carriers.id, orders.carrierId))
    .where(
      and(
        sql`regexp_replace(${carriers.nip}, '[^0-9]', '', 'g') IN (${sql.join(
          nips.map((n) => sql`${n}`),
          sql`, `,
        )})`,
        eq(orders.deletionReason, 0),
        sql`NOT EXISTS (SELECT 1 FROM received_invoices r WHERE r.order_id = ${orders.id})`,
      ),
    )
    .orderBy(sql`${orders.id} DESC`);
  const taken = new Set<number>();
  let matched = 0;
  for (const invoice of pending) {
    const order = candidates.find(
      (o) =>
        !taken.has(o.id) &&
        o.nip === invoice.sellerNip &&
        o.price === invoice.net &&
        o.currency.toLowerCase() === invoice.currency.toLowerCase(),
    );
    if (!order) continue;
    taken.add(order.id);
    await db.update(receivedInvoices).set({ orderId: order.id }).where(eq(receivedInvoices.id, invoice.id));
    matched++;
  }
  return matched;
}

function rowOf(meta: InvoiceMetadata, xml: string) {
  const paymentDate = /<TerminPlatnosci>\s*<Termin>(\d{4}-\d{2}-\d{2})<\/Termin>/.exec(xml)?.[1] ?? null;
  return {
    ksefNumber: meta.ksefNumber,
    invoiceNumber: meta.invoiceNumber,
    sellerNip: onlyDigits(meta.seller.nip),
    sellerName: meta.seller.name ?? null,
    issueDate: meta.issueDate,
    paymentDate,
    netAmount: hundredths(meta.netAmount),
    vatAmount: hundredths(meta.vatAmount),
    grossAmount: hundredths(meta.grossAmount),
    currency: meta.currency.toLowerCase(),
    xml,
    permanentStorageDate: meta.permanentStorageDate,
  };
}

/**
 * 'Pobierz z KSeF': the invoices in which our NIP is the buyer (Subject2), fetched incrementally by permanent-storage
 * date from the last high-water mark (pobieranie-faktur/przyrostowe-pobieranie-faktur.md), each stored once (KSeF
 * number unique), then matched to orders. The mark moves only when a sync completes.
 */
export async function syncReceived(deps: {
  db: DbOrTx;
  withAccess: WithAccess;
  settings: () => Promise<KsefSettings>;
}): Promise<{ fetched: number; matched: number }> {
  const { db, withAccess } = deps;
  const s = await deps.settings();
  let from = s.syncFrom ?? new Date(Date.now() - 90 * 86_400_000).toISOString();
  let offset = 0;
  let fetched = 0;
  let matched = 0;
  let highWater: string = from;
  for (;;) {
    const page = await withAccess((c, token) =>
      c.queryMetadata(
        token,
        {
          subjectType: 'Subject2',
          dateRange: { dateType: 'PermanentStorage', from, restrictToPermanentStorageHwmDate: true },
        },
        { pageOffset: offset, pageSize: PAGE_SIZE },
      ),
    );
    const numbers = page.invoices.map((i) => i.ksefNumber);
    const known = numbers.length
      ? new Set(
          (
            await db
              .select({ n: receivedInvoices.ksefNumber })
              .from(receivedInvoices)
              .where(inArray(receivedInvoices.ksefNumber, numbers))
          ).map((r) => r.n),
        )
      : new Set<string>();
    const fresh = page.invoices.filter((i) => !known.has(i.ksefNumber));
    const xmls = await inParallel(fresh, PARALLEL_DOWNLOADS, (meta) =>
      withAccess((c, token) => c.invoiceXml(token, meta.ksefNumber)),
    );
    if (fresh.length > 0) {
      const inserted = await db
        .insert(receivedInvoices)
        .values(fresh.map((meta, i) => rowOf(meta, xmls[i] as string)))
        .onConflictDoNothing({ target: receivedInvoices.ksefNumber })
        .returning({ id: receivedInvoices.id });
      fetched += inserted.length;
      matched += await matchReceived(
        db,
        inserted.map((r) => r.id),
      );
    }
    const last = page.invoices.at(-1);
    if (!page.hasMore) {
      highWater = page.permanentStorageHwmDate ?? last?.permanentStorageDate ?? highWater;
      break;
    }
    if (page.isTruncated && last) {
      from = last.permanentStorageDate;
      offset = 0;
    } else {
      offset += PAGE_SIZE;
    }
  }
  await db.update(ksefConfig).set({ syncFrom: highWater, lastSyncAt: sql`now()` }).where(eq(ksefConfig.id, 1));
  return { fetched, matched };
}

import { createHash, randomBytes } from 'node:crypto';
import {
  type CarrierApiKey,
  type EtaBasis,
  type EtaStatus,
  type OrderEta,
  type OrderPosition,
  POSITION_STALE_MINUTES,
} from '@spedycja/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, type DbOrTx, selectRows } from '../../db/client.ts';
import { carrierApiKeys, orderEtas, positions } from '../../db/schema/index.ts';
import { iri } from '../../http/hydra.ts';
import { haversineKm } from '../../integrations/geo/types.ts';
import { notePositionsShared } from '../carrierRecord/record.ts';
import { recordPortalEvent } from '../portal/repository.ts';
import { readSetting } from '../settings/repository.ts';
import { computeEta, wallClockInstant, windowEndOf } from './eta.ts';

/** 'PO 12345', 'po-12345' and 'PO12345' are one truck: letters and digits, upper case (as orders_carrier_truck_idx). */
export const normalisePlate = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9]/g, '');
const plateSql = (column: string) => sql.raw(`regexp_replace(upper(${column}), '[^A-Z0-9]', '', 'g')`);

// --- API keys ------------------------------------------------------------------------------------------------------

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key for a carrier: answered once, kept as its SHA-256. */
export async function createApiKey(db: DbOrTx, carrierId: number, name: string, userId: number | null) {
  const key = `spk_${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(carrierApiKeys)
    .values({ carrierId, name, prefix: key.slice(0, 10), keyHash: hashApiKey(key), createdById: userId })
    .returning();
  if (!row) throw new Error('the key was not stored');
  return { row, key };
}

export async function findApiKey(db: DbOrTx, key: string) {
  const [row] = await db
    .select()
    .from(carrierApiKeys)
    .where(and(eq(carrierApiKeys.keyHash, hashApiKey(key)), sql`${carrierApiKeys.revokedAt} IS NULL`));
  return row ?? null;
}

export function toApiKeyJson(row: typeof carrierApiKeys.$inferSelect): CarrierApiKey {
  return {
    '@id': iri('api_keys', row.uuid),
    uuid: row.uuid,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

// --- Positions -----------------------------------------------------------------------------------------------------

export type TelematicsPosition = {
  plate: string;
  lat: number;
  lon: number;
  at: string;
  speed?: number | undefined;
  heading?: number | undefined;
};

/**
 * A telematics batch in one statement: each position goes to the carrier's order whose truck has its plate and whose
 * loading − 1 day … unloading + 1 day holds its time (the latest such order), or waits unattached (24 hours).
 */
export async function insertTelematics(db: DbOrTx, carrierId: number, batch: TelematicsPosition[]) {
  const rows = batch.map((p) => ({
    plate: p.plate.trim(),
    norm: normalisePlate(p.plate),
    lat: p.lat,
    lon: p.lon,
    speed: p.speed ?? null,
    heading: p.heading ?? null,
    at: p.at,
  }));
  const inserted = await selectRows<{ order_id: number | null }>(
    db,
    sql`INSERT INTO ${positions} (order_id, carrier_id, plate, lat, lon, speed, heading, source, at)
      SELECT (SELECT o.id FROM orders o
               WHERE o.carrier_id = ${carrierId} AND o.deletion_reason = 0 AND o.truck IS NOT NULL
                 AND ${plateSql('o.truck')} = p.norm AND o.status <> 'anulowane'
                 AND coalesce(o.loading_date, o.unloading_date) IS NOT NULL
                 AND p.at >= coalesce(o.loading_date, o.unloading_date) - interval '1 day'
                 AND p.at <= coalesce(o.unloading_date, o.loading_date) + interval '1 day'
               ORDER BY o.loading_date DESC NULLS LAST, o.id DESC LIMIT 1),
             ${carrierId}, p.plate, p.lat, p.lon, p.speed, p.heading, 'telematics', p.at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS p(plate text, norm text, lat float8, lon float8, speed float8, heading float8, at timestamptz)
      RETURNING order_id`,
  );
  const orderIds = [...new Set(inserted.map((r) => r.order_id).filter((id): id is number => id !== null))];
  // The carrier's record counts the orders it shared positions for (modules/carrierRecord).
  await notePositionsShared(db, orderIds);
  const attached = inserted.filter((r) => r.order_id !== null).length;
  return { attached, waiting: inserted.length - attached, orderIds };
}

/** A position from the carrier's link: its order is the link's. */
export async function insertLinkPosition(
  db: DbOrTx,
  order: { orderId: number; carrierId: number | null; plate: string | null },
  p: { lat: number; lon: number; accuracy?: number | undefined; at: string },
) {
  await db.insert(positions).values({
    orderId: order.orderId,
    carrierId: order.carrierId,
    plate: order.plate,
    lat: p.lat,
    lon: p.lon,
    accuracy: p.accuracy ?? null,
    source: 'link',
    at: p.at,
  });
  await notePositionsShared(db, order.orderId);
}

export async function orderPositions(db: DbOrTx, orderId: number, limit = 2000): Promise<OrderPosition[]> {
  const rows = await db
    .select()
    .from(positions)
    .where(eq(positions.orderId, orderId))
    .orderBy(desc(positions.at))
    .limit(limit);
  return rows.reverse().map((r) => ({
    lat: r.lat,
    lon: r.lon,
    accuracy: r.accuracy,
    speed: r.speed,
    heading: r.heading,
    source: r.source as OrderPosition['source'],
    at: new Date(r.at).toISOString(),
  }));
}

/**
 * Retention: positions older than the `positionsRetentionDays` setting (90 days), and positions of an unknown plate
 * after 24 hours. Both by index (positions_at_idx, positions_unattached_idx).
 */
export async function purgePositions(db: DbOrTx, now = new Date()) {
  const days = Number((await readSetting(db, 'positionsRetentionDays')) ?? '90') || 90;
  const old = await selectRows<{ n: number }>(
    db,
    sql`WITH d AS (DELETE FROM ${positions} WHERE at < ${now.toISOString()}::timestamptz - make_interval(days => ${days})
      RETURNING 1) SELECT count(*)::int AS n FROM d`,
  );
  const unattached = await selectRows<{ n: number }>(
    db,
    sql`WITH d AS (DELETE FROM ${positions} WHERE order_id IS NULL
      AND received_at < ${now.toISOString()}::timestamptz - interval '24 hours' RETURNING 1) SELECT count(*)::int AS n FROM d`,
  );
  return { old: old[0]?.n ?? 0, unattached: unattached[0]?.n ?? 0 };
}

// --- The route and the ETA -----------------------------------------------------------------------------------------

export type Coordinates = { lat: number; lon: number };
export type Router = (from: Coordinates, to: Coordinates) => Promise<{ km: number; method: 'osrm' | 'offline' }>;

/**
 * The road distance: OSRM's `/route/v1/driving/` when ROUTER_URL is set, else the great circle × 1.2 (also when the
 * router fails). Only its distance is taken: OSRM's duration is a car's, the ETA drives it at the truck's average.
 */
export function createRouter(routerUrl: string | undefined, log?: FastifyBaseLogger, timeoutMs = 4000): Router {
  return async (from, to) => {
    if (routerUrl) {
      try {
        const base = routerUrl.replace(/\/$/, '');
        const url = `${base}/route/v1/driving/${from.lon},${from.lat};${to.lon},${to.lat}?overview=false`;
        const res = await fetch(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!res.ok) throw new Error(`${res.status} from the router`);
        const body = (await res.json()) as { code?: string; routes?: { distance: number }[] };
        const meters = body.routes?.[0]?.distance;
        if (body.code === 'Ok' && typeof meters === 'number') return { km: meters / 1000, method: 'osrm' };
        throw new Error(`the router answered ${body.code}`);
      } catch (error) {
        log?.warn({ error: String(error) }, 'router failed, the ETA uses the great circle × 1.2');
      }
    }
    return { km: haversineKm(from, to) * 1.2, method: 'offline' };
  };
}

type OrderForEta = {
  id: number;
  number: string;
  status: string;
  deletion_reason: number;
  loading_finished: boolean;
  unloading_finished: boolean;
  loading_date: string | null;
  unloading_date: string | null;
  loading_country: string | null;
  unloading_country: string | null;
  loading_latitude: number | null;
  loading_longitude: number | null;
  unloading_latitude: number | null;
  unloading_longitude: number | null;
  loaded_at: string | null;
  unloaded_at: string | null;
};

/** Running: live, active, not unloaded (confirmed or reported by the carrier). */
const isRunning = (o: OrderForEta) =>
  o.deletion_reason === 0 && o.status === 'aktywne' && !o.unloading_finished && !o.unloaded_at;

export async function orderForEta(db: DbOrTx, orderId: number): Promise<OrderForEta | null> {
  const [row] = await selectRows<OrderForEta>(
    db,
    sql`SELECT o.id, o.number, o.status, o.deletion_reason, o.loading_finished, o.unloading_finished,
        o.loading_date, o.unloading_date, o.loading_country, o.unloading_country, o.loading_latitude,
        o.loading_longitude, o.unloading_latitude, o.unloading_longitude, l.loaded_at, l.unloaded_at
      FROM orders o LEFT JOIN portal_links l ON l.order_id = o.id WHERE o.id = ${orderId}`,
  );
  return row ?? null;
}

export const orderIsRunning = async (db: DbOrTx, orderId: number) => {
  const order = await orderForEta(db, orderId);
  return order ? isRunning(order) : false;
};

export type EtaDeps = { router: Router; nudge?: () => void };

type EtaValues = Omit<typeof orderEtas.$inferInsert, 'orderId'> & { status: EtaStatus };

/**
 * Recomputes the kept ETA of orders from their last positions (now instead of a position's time while it is stale:
 * the truck has not been seen moving since), in a few statements for a whole telematics batch. A change to
 * 'zagrożone' or 'opóźnienie' notifies the order's owner once: a new row is inserted before anything is read, and an
 * existing one is locked while it changes, so a second instance recomputing at the same moment finds the new status
 * and notifies nothing. An order no longer running loses its ETA.
 */
export async function recomputeEtas(db: Db, deps: EtaDeps, orderIds: number[], now = new Date()) {
  const results = new Map<number, EtaValues>();
  if (orderIds.length === 0) return results;
  const ids = sql.join(
    orderIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const orderRows = await selectRows<OrderForEta>(
    db,
    sql`SELECT o.id, o.number, o.status, o.deletion_reason, o.loading_finished, o.unloading_finished,
        o.loading_date, o.unloading_date, o.loading_country, o.unloading_country, o.loading_latitude,
        o.loading_longitude, o.unloading_latitude, o.unloading_longitude, l.loaded_at, l.unloaded_at
      FROM orders o LEFT JOIN portal_links l ON l.order_id = o.id WHERE o.id IN (${ids})`,
  );
  const gone = orderIds.filter((id) => {
    const order = orderRows.find((o) => o.id === id);
    return !order || !isRunning(order);
  });
  if (gone.length > 0)
    await db.delete(orderEtas).where(
      sql`${orderEtas.orderId} IN (${sql.join(
        gone.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const running = orderRows.filter(isRunning);
  if (running.length === 0) return results;
  // Each order's last position, by positions_order_at_idx.
  const lasts = await selectRows<{ order_id: number; lat: number; lon: number; at: string }>(
    db,
    sql`SELECT p.order_id, p.lat, p.lon, p.at FROM unnest(ARRAY[${sql.join(
      running.map((o) => sql`${o.id}`),
      sql`, `,
    )}]::int[]) AS i(id)
      CROSS JOIN LATERAL (SELECT order_id, lat, lon, at FROM positions WHERE order_id = i.id ORDER BY at DESC LIMIT 1) p`,
  );
  const speedKmh = Number((await readSetting(db, 'averageTruckSpeed')) ?? '70') || 70;
  for (const order of running) {
    const last = lasts.find((l) => l.order_id === order.id);
    if (!last) continue;
    const loaded = order.loading_finished || order.loaded_at !== null;
    const lat = loaded ? order.unloading_latitude : order.loading_latitude;
    const lon = loaded ? order.unloading_longitude : order.loading_longitude;
    if (lat === null || lon === null) continue;
    const positionAt = new Date(last.at);
    const stale = now.getTime() - positionAt.getTime() > POSITION_STALE_MINUTES * 60_000;
    const departAt = stale ? now : positionAt;
    const route = await deps.router({ lat: last.lat, lon: last.lon }, { lat, lon });
    // The stop's date and hour are its place's wall clock: read on the clock of its country (Lisbon's 12:00 is 13:00
    // in Warsaw), and the ETA, an instant, is compared with that.
    const windowEnd = loaded
      ? windowEndOf(order.unloading_date, order.unloading_country)
      : windowEndOf(order.loading_date, order.loading_country);
    // The reported loading is a wall clock at the loading place too (the carrier's tap on a phone there, or the
    // order's loading date once confirmed).
    const loadedWallClock = loaded ? (order.loaded_at ?? order.loading_date) : null;
    const loadedAt = loadedWallClock
      ? wallClockInstant(new Date(loadedWallClock).toISOString(), order.loading_country)
      : null;
    const eta = computeEta({ departAt, distanceKm: route.km, speedKmh, loadedAt, windowEnd });
    const basis: EtaBasis = {
      stop: loaded ? 'unloading' : 'loading',
      method: route.method,
      distanceKm: Math.round(route.km),
      speedKmh,
      drivingMinutes: Math.round(eta.drivingMinutes),
      breaks: eta.breaks,
      dailyRests: eta.dailyRests,
      departedAt: departAt.toISOString(),
      windowEnd: windowEnd?.toISOString() ?? null,
    };
    results.set(order.id, {
      status: eta.status,
      etaAt: eta.at.toISOString(),
      minutesLate: eta.minutesLate,
      computedAt: now.toISOString(),
      positionAt: positionAt.toISOString(),
      lat: last.lat,
      lon: last.lon,
      basis,
    });
  }
  if (results.size === 0) return results;
  // In the order of their ids, as the locks are taken: two instances never wait on each other crosswise.
  const rows = [...results]
    .sort(([a], [b]) => a - b)
    .map(([orderId, v]) => ({ order_id: orderId, ...v, basis: JSON.stringify(v.basis) }));
  const notified = await db.transaction(async (tx) => {
    const values = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(order_id int, status text,
      "etaAt" timestamptz, "minutesLate" int, "computedAt" timestamptz, "positionAt" timestamptz, lat float8,
      lon float8, basis text)`;
    const created = await selectRows<{ order_id: number }>(
      tx,
      sql`INSERT INTO order_etas (order_id, status, eta_at, minutes_late, computed_at, position_at, lat, lon, basis)
        SELECT v.order_id, v.status, v."etaAt", v."minutesLate", v."computedAt", v."positionAt", v.lat, v.lon,
          v.basis::jsonb FROM ${values}
        ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
    );
    const createdIds = new Set(created.map((r) => r.order_id));
    const existing = rows.filter((r) => !createdIds.has(r.order_id));
    let previous = new Map<number, string>();
    if (existing.length > 0) {
      const kept = await selectRows<{ order_id: number; status: string }>(
        tx,
        sql`SELECT order_id, status FROM order_etas WHERE order_id IN (${sql.join(
          existing.map((r) => sql`${r.order_id}`),
          sql`, `,
        )}) ORDER BY order_id FOR UPDATE`,
      );
      previous = new Map(kept.map((k) => [k.order_id, k.status]));
      await tx.execute(sql`UPDATE order_etas e SET status = v.status, eta_at = v."etaAt",
          minutes_late = v."minutesLate", computed_at = v."computedAt", position_at = v."positionAt", lat = v.lat,
          lon = v.lon, basis = v.basis::jsonb
        FROM ${values} WHERE e.order_id = v.order_id AND e.order_id IN (${sql.join(
          existing.map((r) => sql`${r.order_id}`),
          sql`, `,
        )})`);
    }
    let count = 0;
    for (const row of rows) {
      if (row.status === 'ok' || previous.get(row.order_id) === row.status) continue;
      await notifyEtaChange(tx, row.order_id, row.status, new Date(row.etaAt as string), row.minutesLate ?? 0);
      count += 1;
    }
    return count;
  });
  if (notified > 0) deps.nudge?.();
  return results;
}

/** One order's recomputed ETA (see recomputeEtas); null when it has none. */
export async function recomputeEta(db: Db, deps: EtaDeps, orderId: number, now = new Date()) {
  return (await recomputeEtas(db, deps, [orderId], now)).get(orderId) ?? null;
}

const fmtWarsaw = (at: Date) =>
  new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'Europe/Warsaw',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .replace(',', '');

/** The owner's drawer badge and Telegram message, through the carrier link's timeline (portal_events). */
async function notifyEtaChange(tx: DbOrTx, orderId: number, status: EtaStatus, at: Date, minutesLate: number) {
  const summary =
    status === 'opoznienie' ? `ETA ${fmtWarsaw(at)}, ${minutesLate} min po terminie` : `ETA ${fmtWarsaw(at)}`;
  await recordPortalEvent(tx, {
    orderId,
    type: status === 'opoznienie' ? 'etaLate' : 'etaRisk',
    actor: 'system',
    detail: { status, at: at.toISOString(), minutesLate, summary },
  });
}

/** The running orders whose last position is stale: their ETA moves with the clock (the hourly job). */
export async function recomputeStale(db: Db, deps: EtaDeps, now = new Date()) {
  const rows = await db
    .select({ orderId: orderEtas.orderId })
    .from(orderEtas)
    .where(
      sql`${orderEtas.positionAt} < ${now.toISOString()}::timestamptz - make_interval(mins => ${POSITION_STALE_MINUTES})`,
    );
  let changed = 0;
  // A hundred at a time: each a few statements (recomputeEtas).
  for (let i = 0; i < rows.length; i += 100) {
    changed += (
      await recomputeEtas(
        db,
        deps,
        rows.slice(i, i + 100).map((r) => r.orderId),
        now,
      )
    ).size;
  }
  return changed;
}

export function toEtaJson(row: typeof orderEtas.$inferSelect | null, now = new Date()): OrderEta | null {
  if (!row) return null;
  return {
    at: new Date(row.etaAt).toISOString(),
    status: row.status as EtaStatus,
    minutesLate: row.minutesLate,
    computedAt: new Date(row.computedAt).toISOString(),
    positionAge: Math.max(0, Math.floor((now.getTime() - new Date(row.positionAt).getTime()) / 60_000)),
  };
}

export async function etasOf(db: DbOrTx, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, typeof orderEtas.$inferSelect>();
  const rows = await db
    .select()
    .from(orderEtas)
    .where(
      sql`${orderEtas.orderId} IN (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((r) => [r.orderId, r]));
}

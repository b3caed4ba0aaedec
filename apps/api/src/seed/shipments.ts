import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client.ts';
import { gazetteerLookup } from '../integrations/geo/gazetteer.ts';
import { haversineKm, ROAD_FACTOR } from '../integrations/geo/types.ts';
import { inParallel, type Steps } from './bulk.ts';

/**
 * Queries with offers, orders across statuses and months, and tasks with attempts — generated in SQL
 * from a set of real routes, so that the demo looks like a working day and the benchmark has volume.
 */

const PLACES: [city: string, postalCode: string, country: string][] = [
  ['Warszawa', '02-001', 'PL'],
  ['Poznań', '61-131', 'PL'],
  ['Wrocław', '50-001', 'PL'],
  ['Łódź', '90-001', 'PL'],
  ['Kraków', '31-564', 'PL'],
  ['Gdańsk', '80-001', 'PL'],
  ['Katowice', '40-001', 'PL'],
  ['Szczecin', '70-001', 'PL'],
  ['Berlin', '10557', 'DE'],
  ['Hamburg', '20095', 'DE'],
  ['Monachium', '80331', 'DE'],
  ['Praga', '11000', 'CZ'],
  ['Wiedeń', '1010', 'AT'],
  ['Mediolan', '20121', 'IT'],
  ['Lyon', '69007', 'FR'],
  ['Rotterdam', '3011', 'NL'],
  ['Bruksela', '1000', 'BE'],
  ['Wilno', '01100', 'LT'],
  ['Budapeszt', '1051', 'HU'],
  ['Bratysława', '81101', 'SK'],
];

const CARGO = [
  'Palety z meblami',
  'Stal w kręgach',
  'Płyty OSB',
  'Okna PCV na stojakach',
  'Artykuły spożywcze (chłodnia +4°C)',
  'Maszyna CNC',
  'Kartony z elektroniką',
  'Nawozy w big-bagach',
  'Opony',
  'Papier w rolach',
  'Kostka brukowa',
  'Części samochodowe',
];

type Route = {
  from: (typeof PLACES)[number];
  to: (typeof PLACES)[number];
  km: number | null;
  a: [number, number] | null;
  b: [number, number] | null;
};

function routes(): Route[] {
  const list: Route[] = [];
  for (let i = 0; i < PLACES.length; i++) {
    for (let j = 0; j < PLACES.length; j++) {
      if (i === j || (i + j) % 3 !== 0) continue;
      const from = PLACES[i] as (typeof PLACES)[number];
      const to = PLACES[j] as (typeof PLACES)[number];
      const a = gazetteerLookup({ city: from[0], country: from[2] });
      const b = gazetteerLookup({ city: to[0], country: to[2] });
      list.push({
        from,
        to,
        km: a && b ? Math.round(haversineKm(a, b) * ROAD_FACTOR) : null,
        a: a ? [a.lat, a.lon] : null,
        b: b ? [b.lat, b.lon] : null,
      });
    }
  }
  return list;
}

const text = (values: (string | null)[]) =>
  sql.raw(`ARRAY[${values.map((v) => (v === null ? 'NULL' : `'${v.replaceAll("'", "''")}'`)).join(',')}]::text[]`);
const nums = (values: (number | null)[], type: 'int' | 'float8') =>
  sql.raw(`ARRAY[${values.map((v) => (v === null ? 'NULL' : String(v))).join(',')}]::${type}[]`);

/** A valid version-4 uuid derived from a seeded row's id, so that two tables can name each other before both exist. */
export const seededUuid = (prefix: string, id: SQL) =>
  sql`(overlay(overlay(md5(${prefix} || (${id})::text) placing '4' from 13) placing '8' from 17))::uuid`;

/** The next `n` ids of a table, reserved: the seeded rows get `base + 1 … base + n`. */
export async function reserveIds(db: Db, table: string, n: number): Promise<number> {
  const [row] = await selectRows<{ base: number }>(
    db,
    sql.raw(`SELECT greatest((SELECT coalesce(max(id), 0) FROM ${table}),
      (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM ${table}_id_seq))::int AS base`),
  );
  const base = Number(row?.base ?? 0);
  if (n > 0) await db.execute(sql.raw(`SELECT setval('${table}_id_seq', ${base + n})`));
  return base;
}

export type ShipmentCounts = { queries: number; orders: number; tasks: number };

/**
 * Queries (a fifth of them converted into the order of the same number, as an office converts), their offers with
 * the best one kept on the query, orders with their numbers, and tasks with contact tries. Each statement writes its
 * rows whole: no row is inserted and then rewritten (at a million rows a second pass cost as much as the first).
 */

/**
 * One of n values (1-based, as an array index; `base` 0 for an offset) for the generated row g, drawn by a hash of g
 * and a salt: each column's choice independent of the others and of the dates (which follow g % 120). Drawn as
 * `g % n`, a cargo, a route or a price came with its date (12 and 50 divide 600): the latest 2,000 finished loadings
 * all carried one cargo, and a filter on it walked the archive in vain (issue 35).
 */
export function pick(n: number, salt: number, base = 1): string {
  return `(${base} + (hashint4extended(g, ${salt}) & 2147483647) % ${n})`;
}

export async function seedShipments(
  db: Db,
  counts: ShipmentCounts,
  steps: Steps,
  bulk: boolean,
): Promise<{ queryBase: number; orderBase: number; tasks: () => Promise<void> }> {
  const r = routes();
  const n = r.length;
  const col = {
    fromCity: text(r.map((x) => x.from[0])),
    fromPostal: text(r.map((x) => x.from[1])),
    fromCountry: text(r.map((x) => x.from[2])),
    toCity: text(r.map((x) => x.to[0])),
    toPostal: text(r.map((x) => x.to[1])),
    toCountry: text(r.map((x) => x.to[2])),
    km: nums(
      r.map((x) => x.km),
      'int',
    ),
    aLat: nums(
      r.map((x) => x.a?.[0] ?? null),
      'float8',
    ),
    aLon: nums(
      r.map((x) => x.a?.[1] ?? null),
      'float8',
    ),
    bLat: nums(
      r.map((x) => x.b?.[0] ?? null),
      'float8',
    ),
    bLon: nums(
      r.map((x) => x.b?.[1] ?? null),
      'float8',
    ),
  };
  const cargo = text(CARGO);
  const at = sql.raw(`[${pick(n, 3)}]`);
  // Shared column values for generated queries and orders; g is the generate_series counter.
  const shipment = sql`
    (${cargo})[${sql.raw(pick(CARGO.length, 1))}],
    (ARRAY[1360, 1200, 720, 480, 1360])[${sql.raw(pick(5, 2))}], (ARRAY[245, 245, 240, 220, 248])[${sql.raw(pick(5, 2))}],
    (ARRAY[270, 260, 250, 220, 300])[${sql.raw(pick(5, 2))}], (ARRAY[2400, 1800, 900, 350, 2200])[${sql.raw(pick(5, 2))}],
    (${col.fromCity})${at}, (${col.fromPostal})${at}, (${col.fromCountry})${at},
    (${col.toCity})${at}, (${col.toPostal})${at}, (${col.toCountry})${at},
    (${col.km})${at}, (${col.aLat})${at}, (${col.aLon})${at}, (${col.bLat})${at}, (${col.bLon})${at},
    (ARRAY['brak informacji','po najazdach','z rampy','po rozpieciu','dzwigiem','wozkiem widlowym'])[${sql.raw(pick(6, 4))}]`;
  // Rows are spread over existing records through numbered lists (a join, not a lookup per row).
  const numbered = (table: string, alias: string, name = '') =>
    sql.raw(
      `${alias} AS (SELECT id, ${name ? `${name} AS name, ` : ''}row_number() OVER (ORDER BY id) - 1 AS rn FROM ${table})`,
    );
  // The size as a constant, so that `rn = g % size` is a hash join and not a nested loop.
  const size = (table: string) => sql.raw(`(SELECT greatest(count(*), 1) FROM ${table})`);

  const qBase = await reserveIds(db, 'queries', counts.queries);
  const oBase = await reserveIds(db, 'orders', counts.orders);
  // Query g became order g (a fifth of the queries, while there are orders to pair them with).
  // Drawn by a hash, as every class of a row below: `g % 5` with the dates following `g % 60` or `g % 120` put each
  // day's rows in one class (every order unloaded on a day in euros, or none; the archive's latest 283,000 loadings
  // without one euro order, so that its currency filter walked them all: issue 35).
  const converted = sql`(${sql.raw(pick(5, 15, 0))} = 2 AND g <= ${counts.orders})`;
  // An order's course (0–1 active, 2–3 finished, 4 cancelled: its status, its flags and payments agree).
  const course = sql.raw(pick(5, 11, 0));
  // Offers of query id: 1–3 on three queries of four, priced from the id (the best one is known before they exist).
  const offerCurrency = (id: SQL, k: SQL) => sql`CASE WHEN (${id} + ${k}) % 3 = 0 THEN 'eur' ELSE 'pln' END`;
  const offerPrice = (id: SQL, k: SQL) =>
    sql`CASE WHEN (${id} + ${k}) % 3 = 0 THEN 40000 + ((${id} * 13 + ${k} * 7) % 30) * 1000 ELSE 170000 + ((${id} * 11 + ${k} * 5) % 40) * 5000 END`;

  const queriesAndOffers = async () => {
    if (counts.queries === 0) return;
    const id = sql.raw(`(${qBase} + g)`);
    await steps.run(`queries (${counts.queries})`, () =>
      db.execute(sql`
      WITH ${numbered('customers', 'c', 'company_name')}, ${numbered('users', 'u', 'name')}
      INSERT INTO queries (id, uuid, cargo, cargo_length, cargo_width, cargo_height, cargo_weight,
        loading_city, loading_postal_code, loading_country, unloading_city, unloading_postal_code, unloading_country,
        distance, loading_latitude, loading_longitude, unloading_latitude, unloading_longitude, loading_type,
        status, loading_date, unloading_date, customer_id, user_id, created_by_id,
        customer_price, customer_price_suggested, customer_price_currency, euro_exchange_rate, additional_info, created_at,
        order_uuid, best_offer, best_offer_currency, best_offer_pln, customer_company_name, owner_name)
      SELECT ${id}, ${seededUuid('q', id)}, ${shipment},
        CASE WHEN ${converted} THEN 'zamienione' ELSE (ARRAY['aktywne','aktywne','aktywne','nieaktywne','oczekujace'])[${sql.raw(pick(5, 15))}] END,
        date_trunc('day', now()) + ((g % 60) - 20) * interval '1 day',
        date_trunc('day', now()) + ((g % 60) - 18) * interval '1 day',
        c.id, u.id, u.id,
        200000 + ${sql.raw(pick(40, 5, 0))} * 10000, 220000 + ${sql.raw(pick(40, 5, 0))} * 10000, CASE WHEN ${sql.raw(pick(4, 16, 0))} = 0 THEN 'eur' ELSE 'pln' END, 430,
        CASE WHEN g % 3 = 0 THEN 'Klient prosi o awizację dzień wcześniej' END,
        now() - (g % 90) * interval '1 day' - (g % 24) * interval '1 hour',
        -- With the foreign keys on (PGlite, small scales) the order does not exist yet: linked after the orders.
        CASE WHEN ${sql.raw(String(bulk))} AND ${converted} THEN ${seededUuid('o', sql.raw(`(${oBase} + g)`))} END,
        b.price, b.currency, CASE WHEN b.currency = 'eur' THEN b.price * 43 / 10 ELSE b.price END,
        -- The names the query keeps (its trigger's, which the bulk load has off).
        c.name, u.name
      FROM generate_series(1, ${counts.queries}) AS g
      JOIN c ON c.rn = g % ${size('customers')} JOIN u ON u.rn = (g * 7) % ${size('users')}
      LEFT JOIN LATERAL (
        SELECT ${offerPrice(id, sql`k`)} AS price, ${offerCurrency(id, sql`k`)} AS currency
        FROM generate_series(1, 1 + ${id} % 3) AS k WHERE ${id} % 4 <> 0
        ORDER BY CASE WHEN (${id} + k) % 3 = 0 THEN (${offerPrice(id, sql`k`)})::bigint * 430
          ELSE (${offerPrice(id, sql`k`)})::bigint * 100 END, k
        LIMIT 1) b ON true`),
    );
    await steps.run('offers', () =>
      db.execute(sql`
      WITH ${numbered('carriers', 'k2')}
      INSERT INTO offers (query_id, carrier_id, acquired_by, currency, price, phone_prefix, phone, email, active)
      SELECT q.id, k2.id,
             (ARRAY['trans','timo','telefon/email','strona','brak'])[1 + (q.id + k) % 5],
             ${offerCurrency(sql`q.id`, sql`k`)}, ${offerPrice(sql`q.id`, sql`k`)},
             '48', (600000000 + q.id * 3 + k)::text, 'oferty' || ((q.id + k) % 50) || '@przewoznik.example', true
      FROM queries q CROSS JOIN generate_series(1, 1 + q.id % 3) AS k
      JOIN k2 ON k2.rn = (q.id * 7 + k) % ${size('carriers')}
      WHERE q.id % 4 <> 0 AND q.id > ${qBase}
      ORDER BY q.id, k`),
    );
  };

  const orders = async () => {
    if (counts.orders === 0) return;
    const id = sql.raw(`(${oBase} + s.g)`);
    // The payment terms (the payments cockpit's days, overdue or due): the customer's a term in days after the
    // unloading, or one in ten before it ('przed rozladunkiem'); the carrier's a day where it has no term in words
    // (its invoice from KSeF, seeded in inbox.ts, sets the day it is due). Whole days, kept as UTC midnights as the
    // order form saves them.
    const paymentDay = (days: SQL) =>
      sql`(((date_trunc('day', now()) + ((g % 120) - 88) * interval '1 day')::date + ${days})::timestamp AT TIME ZONE 'UTC')`;
    await steps.run(`orders (${counts.orders})`, () =>
      db.execute(sql`
      WITH ${numbered('customers', 'c', 'company_name')}, ${numbered('carriers', 'k', 'company_name')},
      ${numbered('users', 'u', 'name')},
      src AS (
        SELECT g, now() - (g % 180) * interval '1 day' AS created FROM generate_series(1, ${counts.orders}) AS g),
      s AS (
        SELECT g, created, to_char(created AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM') AS period,
          row_number() OVER (PARTITION BY to_char(created AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM') ORDER BY g) AS n
        FROM src)
      INSERT INTO orders (id, uuid, cargo, cargo_length, cargo_width, cargo_height, cargo_weight,
        loading_city, loading_postal_code, loading_country, unloading_city, unloading_postal_code, unloading_country,
        distance, loading_latitude, loading_longitude, unloading_latitude, unloading_longitude, loading_type,
        number, status, loading_date, unloading_date, customer_id, carrier_id, user_id, created_by_id, changed_by_id,
        customer_price, customer_price_currency, carrier_price, carrier_price_currency, euro_exchange_rate,
        customer_paid, carrier_paid, carrier_paid_date, loading_finished, unloading_finished, show_in_calendar,
        mail_sent_to_customer, mail_sent_to_carrier, driver_name, driver_phone, truck, trailer,
        order_additional_info, carrier_date_of_payment_string, carrier_date_of_payment,
        customer_date_of_payment, customer_date_of_payment_string, query_uuid, created_at,
        customer_company_name, carrier_company_name, owner_name)
      SELECT ${id}, ${seededUuid('o', id)}, ${shipment},
        (s.n + coalesce(nc.last, 0)) || '/' || split_part(s.period, '-', 2) || '/' || split_part(s.period, '-', 1),
        (ARRAY['aktywne','aktywne','zakonczone','zakonczone','anulowane'])[1 + ${course}],
        date_trunc('day', now()) + ((g % 120) - 90) * interval '1 day' + interval '8 hours',
        date_trunc('day', now()) + ((g % 120) - 88) * interval '1 day' + interval '14 hours',
        c.id, k.id, u.id, u.id, u.id,
        300000 + ${sql.raw(pick(50, 5, 0))} * 10000, CASE WHEN ${sql.raw(pick(5, 12, 0))} = 0 THEN 'eur' ELSE 'pln' END,
        240000 + ${sql.raw(pick(50, 5, 0))} * 8000, CASE WHEN ${sql.raw(pick(5, 12, 0))} = 0 THEN 'eur' ELSE 'pln' END, 430,
        ${course} IN (2, 3), ${course} = 2,
        CASE WHEN ${course} = 2 THEN least(current_date, (date_trunc('day', now()) + ((g % 120) - 58) * interval '1 day')::date) END,
        ${course} <> 0, ${course} IN (2, 3), g % 7 <> 0, ${sql.raw(pick(4, 13, 0))} <> 0, ${sql.raw(pick(3, 14, 0))} <> 0,
        (ARRAY['Marek Nowicki','Ołeh Bondarenko','Tomasz Wilk','Jurij Kowal'])[1 + g % 4], (700000000 + g)::text,
        'WGM ' || lpad((g % 99999)::text, 5, '0'), 'WGM ' || lpad(((g * 7) % 99999)::text, 5, '0') || 'A',
        CASE WHEN g % 2 = 0 THEN 'Awizacja 24 h przed rozładunkiem. Pasy i narożniki.' END,
        (ARRAY['po rozladunku','przed rozladunkiem', NULL])[1 + g % 3],
        CASE WHEN g % 3 = 2 THEN ${paymentDay(sql`(ARRAY[30, 45, 60])[1 + (g / 3) % 3]`)} END,
        CASE WHEN g % 10 <> 7 THEN ${paymentDay(sql`(ARRAY[14, 30, 45, 60])[1 + g % 4]`)} END,
        CASE WHEN g % 10 = 7 THEN 'przed rozladunkiem' END,
        CASE WHEN g <= ${counts.queries} AND ${sql.raw(pick(5, 15, 0))} = 2 THEN ${seededUuid('q', sql.raw(`(${qBase} + s.g)`))} END,
        s.created,
        -- The names the order keeps (its trigger's, which the bulk load has off).
        c.name, k.name, u.name
      FROM s LEFT JOIN order_number_counters nc ON nc.period = s.period
      JOIN c ON c.rn = g % ${size('customers')} JOIN k ON k.rn = (g * 3) % ${size('carriers')} JOIN u ON u.rn = (g * 5) % ${size('users')}`),
    );
    await steps.run('orders: number counters, converted queries linked', async () => {
      await db.execute(sql`
        INSERT INTO order_number_counters (period, last)
        SELECT split_part(number, '/', 3) || '-' || split_part(number, '/', 2), max(split_part(number, '/', 1)::int)
        FROM orders WHERE id > ${oBase} GROUP BY 1
        ON CONFLICT (period) DO UPDATE SET last = greatest(order_number_counters.last, excluded.last)`);
      if (!bulk && counts.queries > 0) {
        await db.execute(sql`
          UPDATE queries q SET order_uuid = o.uuid FROM orders o
          WHERE q.id > ${qBase} AND q.status = 'zamienione' AND q.order_uuid IS NULL AND o.query_uuid = q.uuid`);
      }
    });
  };

  // Without the foreign keys (bulk) the queries and the orders load side by side; with them the orders come second.
  if (bulk) await inParallel([queriesAndOffers, orders]);
  else {
    await queriesAndOffers();
    await orders();
  }

  const tasks = async () => {
    if (counts.tasks === 0) return;
    const tBase = await reserveIds(db, 'tasks', 0);
    await steps.run(`tasks (${counts.tasks})`, () =>
      db.execute(sql`
      WITH ${numbered('users', 'u')}, ${numbered('queries', 'q')}, ${numbered('orders', 'o')}
      INSERT INTO tasks (status, phone, user_id, created_by_id, query_id, order_id, comment, contact_date, drawer_notification, telegram_notification, finished_at, created_at, telegram_reminded_for)
      SELECT CASE WHEN g % 4 = 0 THEN 'wykonane' ELSE 'niewykonane' END, (500000000 + g)::text,
        u.id, u.id,
        CASE WHEN g % 2 = 0 THEN q.id END,
        CASE WHEN g % 2 = 1 THEN o.id END,
        (ARRAY['Oddzwonić w sprawie ceny','Potwierdzić termin załadunku','Zapytać o dokumenty CMR','Przypomnieć o płatności'])[1 + g % 4],
        now() + ((g % 10) - 6) * interval '1 day' + (g % 8) * interval '1 hour',
        g % 5 <> 0, g % 3 = 0, CASE WHEN g % 4 = 0 THEN now() - (g % 5) * interval '1 day' END, now() - (g % 30) * interval '1 day',
        -- Past contact dates count as reminded on Telegram: a demo database does not send a backlog of old reminders.
        CASE WHEN (g % 10) - 6 < 0 THEN now() + ((g % 10) - 6) * interval '1 day' + (g % 8) * interval '1 hour' END
      FROM generate_series(1, ${counts.tasks}) AS g
      JOIN u ON u.rn = g % ${size('users')} LEFT JOIN q ON q.rn = g % ${size('queries')} LEFT JOIN o ON o.rn = g % ${size('orders')}`),
    );
    await steps.run('task contact tries', () =>
      db.execute(sql`
      INSERT INTO task_contact_tries (task_id, date, status, comment)
      SELECT t.id, t.contact_date - k * interval '1 day', CASE WHEN k = 1 AND t.id % 3 = 0 THEN 'udana' ELSE 'nieudana' END,
             (ARRAY['Nie odbiera','Prosi o kontakt jutro','Poczta głosowa','Rozmowa przeprowadzona'])[1 + (t.id + k) % 4]
      FROM tasks t CROSS JOIN generate_series(1, t.id % 4) AS k
      WHERE t.id > ${tBase}`),
    );
  };
  return { queryBase: qBase, orderBase: oBase, tasks };
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { gazetteerLookup } from '../integrations/geo/gazetteer.ts';
import { haversineKm, ROAD_FACTOR } from '../integrations/geo/types.ts';

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

export async function seedShipments(db: Db, counts: { queries: number; orders: number; tasks: number }) {
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
  const at = sql.raw(`[1 + g % ${n}]`);
  // Shared column values for generated queries and orders; g is the generate_series counter.
  const shipment = sql`
    (${cargo})[1 + g % ${CARGO.length}],
    (ARRAY[1360, 1200, 720, 480, 1360])[1 + g % 5], (ARRAY[245, 245, 240, 220, 248])[1 + g % 5],
    (ARRAY[270, 260, 250, 220, 300])[1 + g % 5], (ARRAY[2400, 1800, 900, 350, 2200])[1 + g % 5],
    (${col.fromCity})${at}, (${col.fromPostal})${at}, (${col.fromCountry})${at},
    (${col.toCity})${at}, (${col.toPostal})${at}, (${col.toCountry})${at},
    (${col.km})${at}, (${col.aLat})${at}, (${col.aLon})${at}, (${col.bLat})${at}, (${col.bLon})${at},
    (ARRAY['brak informacji','po najazdach','z rampy','po rozpieciu','dzwigiem','wozkiem widlowym'])[1 + g % 6]`;
  // Rows are spread over existing records through numbered lists (a join, not a lookup per row).
  const numbered = (table: string, alias: string) =>
    sql.raw(`${alias} AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn FROM ${table})`);
  // The size as a constant, so that `rn = g % size` is a hash join and not a nested loop.
  const size = (table: string) => sql.raw(`(SELECT greatest(count(*), 1) FROM ${table})`);

  if (counts.queries > 0) {
    await db.execute(sql`
      WITH ${numbered('customers', 'c')}, ${numbered('users', 'u')}
      INSERT INTO queries (cargo, cargo_length, cargo_width, cargo_height, cargo_weight,
        loading_city, loading_postal_code, loading_country, unloading_city, unloading_postal_code, unloading_country,
        distance, loading_latitude, loading_longitude, unloading_latitude, unloading_longitude, loading_type,
        status, loading_date, unloading_date, customer_id, user_id, created_by_id,
        customer_price, customer_price_suggested, customer_price_currency, euro_exchange_rate, additional_info, created_at)
      SELECT ${shipment},
        (ARRAY['aktywne','aktywne','aktywne','nieaktywne','oczekujace'])[1 + g % 5],
        date_trunc('day', now()) + ((g % 60) - 20) * interval '1 day',
        date_trunc('day', now()) + ((g % 60) - 18) * interval '1 day',
        c.id, u.id, u.id,
        200000 + (g % 40) * 10000, 220000 + (g % 40) * 10000, CASE WHEN g % 4 = 0 THEN 'eur' ELSE 'pln' END, 430,
        CASE WHEN g % 3 = 0 THEN 'Klient prosi o awizację dzień wcześniej' END,
        now() - (g % 90) * interval '1 day' - (g % 24) * interval '1 hour'
      FROM generate_series(1, ${counts.queries}) AS g
      JOIN c ON c.rn = g % ${size('customers')} JOIN u ON u.rn = (g * 7) % ${size('users')}`);
    // Two or three offers on most queries; the best is kept on the query as bestOffer.
    await db.execute(sql`
      WITH ${numbered('carriers', 'k2')}
      INSERT INTO offers (query_id, carrier_id, acquired_by, currency, price, phone_prefix, phone, email, active)
      SELECT q.id, k2.id,
             (ARRAY['trans','timo','telefon/email','strona','brak'])[1 + (q.id + k) % 5],
             CASE WHEN (q.id + k) % 3 = 0 THEN 'eur' ELSE 'pln' END,
             CASE WHEN (q.id + k) % 3 = 0 THEN 40000 + ((q.id * 13 + k * 7) % 30) * 1000 ELSE 170000 + ((q.id * 11 + k * 5) % 40) * 5000 END,
             '48', (600000000 + q.id * 3 + k)::text, 'oferty' || ((q.id + k) % 50) || '@przewoznik.example', true
      FROM queries q CROSS JOIN generate_series(1, 1 + q.id % 3) AS k
      JOIN k2 ON k2.rn = (q.id * 7 + k) % ${size('carriers')}
      WHERE q.id % 4 <> 0 AND NOT EXISTS (SELECT 1 FROM offers o WHERE o.query_id = q.id)`);
    await db.execute(sql`
      UPDATE queries SET (best_offer, best_offer_currency, best_offer_pln) = (
        SELECT o.price, o.currency, CASE WHEN o.currency = 'eur' THEN o.price * 43 / 10 ELSE o.price END
        FROM offers o WHERE o.query_id = queries.id AND o.active
        ORDER BY CASE WHEN o.currency = 'eur' THEN o.price::bigint * 430 ELSE o.price::bigint * 100 END, o.id LIMIT 1)
      WHERE best_offer IS NULL AND EXISTS (SELECT 1 FROM offers o WHERE o.query_id = queries.id)`);
  }

  if (counts.orders > 0) {
    const start = await db.execute(sql`SELECT coalesce(max(id), 0) AS max FROM orders`);
    const offset = Number((start as unknown as { rows: { max: number }[] }).rows[0]?.max ?? 0);
    await db.execute(sql`
      WITH ${numbered('customers', 'c')}, ${numbered('carriers', 'k')}, ${numbered('users', 'u')}
      INSERT INTO orders (cargo, cargo_length, cargo_width, cargo_height, cargo_weight,
        loading_city, loading_postal_code, loading_country, unloading_city, unloading_postal_code, unloading_country,
        distance, loading_latitude, loading_longitude, unloading_latitude, unloading_longitude, loading_type,
        number, status, loading_date, unloading_date, customer_id, carrier_id, user_id, created_by_id, changed_by_id,
        customer_price, customer_price_currency, carrier_price, carrier_price_currency, euro_exchange_rate,
        customer_paid, carrier_paid, loading_finished, unloading_finished, show_in_calendar,
        mail_sent_to_customer, mail_sent_to_carrier, driver_name, driver_phone, truck, trailer,
        order_additional_info, carrier_date_of_payment_string, created_at)
      SELECT ${shipment},
        'D' || (${offset} + g),
        (ARRAY['aktywne','aktywne','zakonczone','zakonczone','anulowane'])[1 + g % 5],
        date_trunc('day', now()) + ((g % 120) - 90) * interval '1 day' + interval '8 hours',
        date_trunc('day', now()) + ((g % 120) - 88) * interval '1 day' + interval '14 hours',
        c.id, k.id, u.id, u.id, u.id,
        300000 + (g % 50) * 10000, CASE WHEN g % 5 = 0 THEN 'eur' ELSE 'pln' END,
        240000 + (g % 50) * 8000, CASE WHEN g % 5 = 0 THEN 'eur' ELSE 'pln' END, 430,
        g % 5 IN (2, 3), g % 5 = 2, g % 5 <> 0, g % 5 IN (2, 3), g % 7 <> 0, g % 4 <> 0, g % 3 <> 0,
        (ARRAY['Marek Nowicki','Ołeh Bondarenko','Tomasz Wilk','Jurij Kowal'])[1 + g % 4], (700000000 + g)::text,
        'WGM ' || lpad((g % 99999)::text, 5, '0'), 'WGM ' || lpad(((g * 7) % 99999)::text, 5, '0') || 'A',
        CASE WHEN g % 2 = 0 THEN 'Awizacja 24 h przed rozładunkiem. Pasy i narożniki.' END,
        (ARRAY['po rozladunku','przed rozladunkiem', NULL])[1 + g % 3],
        now() - (g % 180) * interval '1 day'
      FROM generate_series(1, ${counts.orders}) AS g
      JOIN c ON c.rn = g % ${size('customers')} JOIN k ON k.rn = (g * 3) % ${size('carriers')} JOIN u ON u.rn = (g * 5) % ${size('users')}`);
    // Real numbers ({n}/{MM}/{YYYY}, by month of creation) and counters that continue from them.
    await db.execute(sql`
      UPDATE orders SET number = x.rn || '/' || x.period FROM (
        SELECT id, to_char(created_at AT TIME ZONE 'Europe/Warsaw', 'MM/YYYY') AS period,
               row_number() OVER (PARTITION BY to_char(created_at AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM') ORDER BY id)
                 + coalesce((SELECT last FROM order_number_counters WHERE period = to_char(o.created_at AT TIME ZONE 'Europe/Warsaw', 'YYYY-MM')), 0) AS rn
        FROM orders o WHERE number LIKE 'D%') x
      WHERE orders.id = x.id`);
    await db.execute(sql`
      INSERT INTO order_number_counters (period, last)
      SELECT split_part(number, '/', 3) || '-' || split_part(number, '/', 2), max(split_part(number, '/', 1)::int)
      FROM orders GROUP BY 1
      ON CONFLICT (period) DO UPDATE SET last = greatest(order_number_counters.last, excluded.last)`);
  }

  if (counts.tasks > 0) {
    await db.execute(sql`
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
      JOIN u ON u.rn = g % ${size('users')} LEFT JOIN q ON q.rn = g % ${size('queries')} LEFT JOIN o ON o.rn = g % ${size('orders')}`);
    await db.execute(sql`
      INSERT INTO task_contact_tries (task_id, date, status, comment)
      SELECT t.id, t.contact_date - k * interval '1 day', CASE WHEN k = 1 AND t.id % 3 = 0 THEN 'udana' ELSE 'nieudana' END,
             (ARRAY['Nie odbiera','Prosi o kontakt jutro','Poczta głosowa','Rozmowa przeprowadzona'])[1 + (t.id + k) % 4]
      FROM tasks t CROSS JOIN generate_series(1, t.id % 4) AS k
      WHERE NOT EXISTS (SELECT 1 FROM task_contact_tries c WHERE c.task_id = t.id)`);
  }
}

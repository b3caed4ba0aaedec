import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { invoiceReminders, invoices, queries, users } from '../db/schema/index.ts';
import { readSchedule } from '../modules/reminders/service.ts';
import { hashPassword } from '../modules/users/passwords.ts';
import { seedInvoices } from './invoices.ts';
import { seedParties } from './parties.ts';
import { seedShipments } from './shipments.ts';

/**
 * Demo data, so that a newcomer sees a working app; the benchmark uses it at scale.
 * Each resource adds its part here. Re-running adds nothing twice (logins are unique).
 */

export const DEMO_PASSWORD = 'demo-haslo-1';

const DISPATCHERS = [
  ['anowak', 'Anna Nowak', '601234567', 'anna.nowak@spedycja.example'],
  ['pwisniewski', 'Piotr Wiśniewski', '602345678', 'piotr.wisniewski@spedycja.example'],
  ['kwojcik', 'Katarzyna Wójcik', '603456789', 'katarzyna.wojcik@spedycja.example'],
  ['tkaminski', 'Tomasz Kamiński', '604567890', 'tomasz.kaminski@spedycja.example'],
  ['mlewandowska', 'Magdalena Lewandowska', '605678901', 'magdalena.lewandowska@spedycja.example'],
  ['jzielinski', 'Jakub Zieliński', '606789012', 'jakub.zielinski@spedycja.example'],
] as const;

const FIRST = [
  'Adam',
  'Beata',
  'Cezary',
  'Dorota',
  'Emil',
  'Filip',
  'Grażyna',
  'Henryk',
  'Iwona',
  'Łukasz',
  'Małgorzata',
  'Zbigniew',
];
const LAST = [
  'Kowalski',
  'Szymański',
  'Woźniak',
  'Dąbrowski',
  'Kozłowski',
  'Jankowski',
  'Mazur',
  'Krawczyk',
  'Piotrowski',
  'Grabowski',
];

export type SeedOptions = { scale?: number };
export type SeedReport = Record<string, number>;

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const report: SeedReport = {};
  report.users = await seedUsers(db, options.scale ?? 0);
  Object.assign(report, await seedParties(db, options.scale ?? 0));
  // A working day's worth for the demo; at benchmark scale, as many of each as customers.
  const scale = options.scale ?? 0;
  const counts = scale > 0 ? { queries: scale, orders: scale, tasks: scale } : { queries: 300, orders: 120, tasks: 40 };
  const [existing] = await db.select({ n: count() }).from(queries);
  if (scale > 0 || (existing?.n ?? 0) === 0) {
    await seedShipments(db, counts);
    Object.assign(report, counts);
  }
  // Invoices of finished orders (VAT, some in EUR, a ProForma, a corrective); at benchmark scale as many as orders.
  const [invoiced] = await db.select({ n: count() }).from(invoices);
  if (scale > 0 || (invoiced?.n ?? 0) === 0) {
    report.invoices = await seedInvoices(db, scale > 0 ? { count: scale, scale: true } : { count: 1000, scale: false });
    report.reminders = await seedPastReminders(db);
  }
  // Statistics for the planner now: autovacuum analyses the new rows only later, and lists would be planned blind.
  await db.execute(sql`ANALYZE`);
  // The stats' running sums were rewritten once per seeded row: vacuumed now, as autovacuum keeps them in an office,
  // so that the stats read them from their index alone (migration 0038) rather than from thousands of stale pages.
  await db.execute(sql`VACUUM stats_monthly`);
  return report;
}

/**
 * The payment reminders a working office has already sent: each step an unpaid VAT invoice has reached, dated on its
 * day, without a mail. Otherwise the reminders worker's first run after seeding mails a backlog of thousands (an
 * invoice PDF each), which at 100,000 invoices kept both servers of the load test busy for minutes.
 */
async function seedPastReminders(db: Db): Promise<number> {
  for (const step of await readSchedule(db)) {
    await db.execute(sql`
      INSERT INTO invoice_reminders (invoice_id, day, language, "to", subject, due_amount, currency, sent_at)
      SELECT i.id, ${step.day}, 'pl', i.customer_email, replace(${step.subjectPl}, '{invoice}', i.number),
        i.due_amount, i.currency, (i.payment_date + ${step.day}::int)::timestamptz
      FROM invoices i
      WHERE i.type = 'vat' AND NOT i.paid AND i.due_amount > 0 AND coalesce(i.customer_email, '') <> ''
        AND i.payment_date + ${step.day}::int <= current_date
      ON CONFLICT (invoice_id, day) DO NOTHING`);
  }
  const [row] = await db.select({ n: count() }).from(invoiceReminders);
  return row?.n ?? 0;
}

async function seedUsers(db: Db, scale: number): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const named = DISPATCHERS.map(([login, name, phone, email]) => ({
    login,
    name,
    phone,
    email,
    passwordHash,
    roles: ['ROLE_USER'],
  }));
  const inserted = await db.insert(users).values(named).onConflictDoNothing().returning({ id: users.id });
  // At benchmark scale, one user for every hundred rows, generated in SQL.
  const extra = Math.floor(scale / 100);
  if (extra > 0) {
    const first = sql.raw(`ARRAY[${FIRST.map((f) => `'${f}'`).join(',')}]`);
    const last = sql.raw(`ARRAY[${LAST.map((l) => `'${l}'`).join(',')}]`);
    await db.execute(sql`
      INSERT INTO users (login, name, password_hash, roles, phone, email)
      SELECT 'user' || g, (${first})[1 + g % ${FIRST.length}] || ' ' || (${last})[1 + (g / ${FIRST.length}) % ${LAST.length}],
             ${passwordHash}, ARRAY['ROLE_USER'], (600000000 + g)::text, 'user' || g || '@spedycja.example'
      FROM generate_series(1, ${extra}) AS g
      ON CONFLICT DO NOTHING`);
  }
  return inserted.length + extra;
}

import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers, invoiceReminders, queries, users } from '../db/schema/index.ts';
import type { FileStore } from '../files/store.ts';
import { sha256Of } from '../files/store.ts';
import { readSchedule } from '../modules/reminders/service.ts';
import { hashPassword } from '../modules/users/passwords.ts';
import { warsawDay } from '../warsawDay.ts';
import { SEEDED_DOCUMENT, seedActivity } from './activity.ts';
import {
  analyze,
  analyzeTables,
  bulkLoad,
  inParallel,
  isPostgresServer,
  recomputeKept,
  Steps,
  withLoadMemory,
} from './bulk.ts';
import { seedInvoices } from './invoices.ts';
import { CUSTOMER_NUMBERS, seededNip, seedParties } from './parties.ts';
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

export type SeedOptions = {
  scale?: number;
  /**
   * Indexes, keys and triggers off during the load (bulk.ts). By default on PostgreSQL from 10,000 rows per resource,
   * into a database not seeded at scale before; PGlite loads row by row.
   */
  bulk?: boolean;
  /** Where the step timings go; by default the console from 10,000 rows on, nowhere below. */
  log?: ((line: string) => void) | null;
  /** The files store: the seeded documents' one file is put there, so that their downloads answer it. */
  files?: FileStore;
};
export type SeedReport = Record<string, number>;

/** The tables the bulk load writes: their plain indexes, foreign keys and triggers are off during it. */
const BULK_TABLES = [
  'users',
  'customers',
  'carriers',
  'queries',
  'offers',
  'orders',
  'order_number_counters',
  'tasks',
  'task_contact_tries',
  'invoices',
  'invoice_positions',
  'invoice_number_counters',
  'invoice_reminders',
  'portal_links',
  'portal_events',
  'order_documents',
  'verifications',
  'bank_statements',
  'bank_statement_lines',
  'interest_notes',
  'received_invoices',
  'telegram_messages',
  'carrier_invoices',
  'carrier_invoice_orders',
  'payments',
  'transfer_batches',
  'transfer_lines',
  'transfer_line_invoices',
];

export async function seedDemo(given: Db, options: SeedOptions = {}): Promise<SeedReport> {
  const scale = options.scale ?? 0;
  // A bulk load drops the unique keys for the load: only into a database not seeded at scale before (its generated
  // parties would come again; row by row they are skipped).
  const bulk =
    options.bulk ??
    (scale >= 10_000 &&
      (await isPostgresServer(given)) &&
      (
        await given
          .select({ n: count() })
          .from(customers)
          .where(eq(customers.nip, seededNip(1, CUSTOMER_NUMBERS)))
      )[0]?.n === 0);
  const db = bulk ? withLoadMemory(given) : given;
  const log = options.log === undefined ? (scale >= 10_000 ? console.log : null) : options.log;
  const steps = new Steps(log);
  const t0 = performance.now();
  const documentSha = options.files
    ? (await options.files.put(SEEDED_DOCUMENT.bytes)).sha256
    : sha256Of(SEEDED_DOCUMENT.bytes);
  const report: SeedReport = {};
  const analysed: string[] = [];
  const load = async () => {
    report.users = await steps.run('users', () => seedUsers(db, scale));
    const parties = await seedParties(db, scale, steps, bulk);
    Object.assign(report, parties.report);
    // Bulk: the planner learns each phase's tables before the next phase joins them.
    const learn = async (tables: string[]) => {
      if (!bulk) return;
      await steps.run(`ANALYZE ${tables.join(', ')}`, () => analyzeTables(db, tables));
      analysed.push(...tables);
    };
    await learn(['users', 'customers', 'carriers']);
    // A working day's worth for the demo; at benchmark scale, as many of each as customers.
    const counts =
      scale > 0 ? { queries: scale, orders: scale, tasks: scale } : { queries: 300, orders: 120, tasks: 40 };
    const [existing] = await db.select({ n: count() }).from(queries);
    if (scale === 0 && (existing?.n ?? 0) > 0) return;
    const shipments = await seedShipments(db, counts, steps, bulk);
    Object.assign(report, counts);
    await learn(['queries', 'offers', 'orders']);
    // Invoices of finished orders (VAT, some in EUR, a ProForma, a corrective); at benchmark scale as many as orders.
    let invoiced = { invoices: 0, firstId: 0 };
    const invoicing = async () => {
      invoiced = await seedInvoices(
        db,
        scale > 0 ? { count: scale, scale: true } : { count: 1000, scale: false },
        steps,
        bulk,
      );
    };
    await inParallel([invoicing, shipments.tasks], bulk ? 2 : 1);
    report.invoices = invoiced.invoices;
    await learn(['invoices', 'payments', 'tasks']);
    const reminders = async () => {
      report.reminders = await steps.run('reminders', () => seedPastReminders(db, invoiced.firstId));
    };
    Object.assign(
      report,
      await seedActivity(
        db,
        { parties, orderBase: shipments.orderBase, invoiceBase: invoiced.firstId - 1, scale: scale || 20_000 },
        steps,
        documentSha,
        bulk,
        reminders,
      ),
    );
    await learn(['payments', 'portal_links', 'order_documents', 'received_invoices', 'telegram_messages']);
    // With the triggers off, what they keep (status counts, the stats' sums, the carrier's invoice dates) is summed.
    if (bulk) await steps.run('kept counts and sums (what the triggers keep)', () => recomputeKept(db));
  };
  if (bulk) await bulkLoad(db, BULK_TABLES, steps, load);
  else await load();
  // Statistics for the planner now: autovacuum analyses the new rows only later, and lists would be planned blind.
  await steps.run('ANALYZE', () => analyze(db, bulk, analysed));
  // The stats' running sums were rewritten once per seeded row: vacuumed now, as autovacuum keeps them in an office,
  // so that the stats read them from their index alone (migration 0038) rather than from thousands of stale pages.
  await given.execute(sql`VACUUM stats_monthly`);
  log?.(
    `  seed: ${'total'.padEnd(46)} ${((performance.now() - t0) / 1000).toFixed(1).padStart(7)} s${bulk ? ' (bulk load)' : ''}`,
  );
  return report;
}

/**
 * The payment reminders a working office has already sent: each step an unpaid VAT invoice due in the last three
 * months has reached, dated on its day, without a mail (the reminders came with issue 26: older debts have none).
 * Otherwise the reminders worker's first run after seeding mails a backlog of thousands (an invoice PDF each), which
 * at 100,000 invoices kept both servers of the load test busy for minutes.
 */
async function seedPastReminders(db: Db, firstInvoiceId: number): Promise<number> {
  // The worker's today (Warsaw's), not the database session's: between 23:00 and midnight UTC (an hour past midnight
  // in Warsaw) `current_date` was a day behind it, and the worker's first run found that day's steps unsent.
  const today = warsawDay();
  for (const step of await readSchedule(db)) {
    await db.execute(sql`
      INSERT INTO invoice_reminders (invoice_id, day, language, "to", subject, due_amount, currency, sent_at)
      SELECT i.id, ${step.day}, 'pl', i.customer_email, replace(${step.subjectPl}, '{invoice}', i.number),
        i.due_amount, i.currency, (i.payment_date + ${step.day}::int)::timestamptz
      FROM invoices i
      WHERE i.id >= ${firstInvoiceId} AND i.type = 'vat' AND NOT i.paid AND i.due_amount > 0
        AND coalesce(i.customer_email, '') <> ''
        AND i.payment_date + ${step.day}::int <= ${today}::date AND i.payment_date >= ${today}::date - 90
      ORDER BY i.id
      ON CONFLICT (invoice_id, day) DO NOTHING`);
  }
  const [row] = await db
    .select({ n: count() })
    .from(invoiceReminders)
    .where(sql`${invoiceReminders.invoiceId} >= ${firstInvoiceId}`);
  return row?.n ?? 0;
}

async function seedUsers(db: Db, scale: number): Promise<number> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Half the demo's dispatchers, and one user in three at benchmark scale, have linked the Telegram bot (their chat).
  const named = DISPATCHERS.map(([login, name, phone, email], i) => ({
    login,
    name,
    phone,
    email,
    passwordHash,
    roles: ['ROLE_USER'],
    telegramUserId: i % 2 === 0 ? String(710_000_001 + i) : null,
  }));
  const inserted = await db.insert(users).values(named).onConflictDoNothing().returning({ id: users.id });
  // At benchmark scale, one user for every hundred rows, generated in SQL.
  const extra = Math.floor(scale / 100);
  if (extra > 0) {
    const first = sql.raw(`ARRAY[${FIRST.map((f) => `'${f}'`).join(',')}]`);
    const last = sql.raw(`ARRAY[${LAST.map((l) => `'${l}'`).join(',')}]`);
    await db.execute(sql`
      INSERT INTO users (login, name, password_hash, roles, phone, email, telegram_user_id)
      SELECT 'user' || g, (${first})[1 + g % ${FIRST.length}] || ' ' || (${last})[1 + (g / ${FIRST.length}) % ${LAST.length}],
             ${passwordHash}, ARRAY['ROLE_USER'], (600000000 + g)::text, 'user' || g || '@spedycja.example',
             CASE WHEN g % 3 = 0 THEN (720000000 + g)::text END
      FROM generate_series(1, ${extra}) AS g
      ON CONFLICT DO NOTHING`);
  }
  return inserted.length + extra;
}

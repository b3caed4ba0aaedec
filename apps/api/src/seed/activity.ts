import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inParallel, type Steps } from './bulk.ts';
import { seedReceivedInvoices, seedTelegramMessages } from './inbox.ts';
import {
  CARRIER_ACCOUNT,
  CARRIER_GUS_FAILED,
  CARRIER_VAT_EXEMPT,
  CUSTOMER_GUS,
  CUSTOMER_GUS_FAILED,
  CUSTOMER_WHITELIST,
  type SeededParties,
} from './parties.ts';
import { seedCarrierInvoices } from './payables.ts';

/**
 * What an office's days leave beside its orders and invoices (issue 35: the bench measured lists over empty tables):
 * carrier payments, the carrier's links and their events, the orders' documents, the registers' checks of the parties,
 * bank statements with their lines, and interest notes. In an office's proportions: the link and its documents came
 * with issue 25, so they are on the last two months' orders; a statement a working day; a note on a few old debts.
 * Everything is derived from the rows seeded before it (`> base`), so a second seeding adds to its own rows only.
 */

/** One small PDF that every seeded document's record names (the seeder's files store holds it when it has one). */
export const SEEDED_DOCUMENT = {
  bytes: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

export type SeededRows = { parties: SeededParties; orderBase: number; invoiceBase: number; scale: number };

export async function seedActivity(
  db: Db,
  seeded: SeededRows,
  steps: Steps,
  documentSha: string,
  parallel: boolean,
  more: () => Promise<unknown> = async () => {},
) {
  const { orderBase, invoiceBase } = seeded;
  const report: Record<string, number> = {};
  const count = async (table: string, where = 'TRUE') => {
    const result = await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`));
    return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  };

  /** One of n values (0 … n − 1) for an order, by a hash of its id and a salt: independent of its dates. */
  const drawn = (salt: number, n: number) => sql.raw(`((hashint4extended(o.id, ${salt}) & 2147483647) % ${n})`);

  const carrierSide = async () => {
    // The payables side: what was paid to a carrier is a payment of its price on the day (as migration 0029 did).
    await steps.run('carrier payments', () =>
      db.execute(sql`
    INSERT INTO payments (direction, order_id, carrier_id, date, amount, currency, method, created_at)
    SELECT 'out', o.id, o.carrier_id, coalesce(o.carrier_paid_date, current_date), o.carrier_price, o.carrier_price_currency, 'przelew',
      coalesce(o.carrier_paid_date, current_date)::timestamp AT TIME ZONE 'Europe/Warsaw' + interval '10 hours'
    FROM orders o WHERE o.id > ${orderBase} AND o.carrier_paid AND coalesce(o.carrier_price, 0) > 0
    ORDER BY o.id`),
    );

    // The carrier's link of the orders of the last two months that went to a carrier (nine in ten): most accepted,
    // a few declined or revoked; loaded and unloaded as the order says. The tokens are random (never a usable link).
    // Each choice by a hash of the order's id: as `id % 20` beside dates drawn as `g % 120` the declined and unanswered
    // links fell on two days in twenty, none among the archive's latest unloadings (issue 35).
    await steps.run('portal links', () =>
      db.execute(sql`
    INSERT INTO portal_links (order_id, carrier_id, token_hash, sent_at, revoked_at, accepted_at, declined_at,
      decline_reason, vehicle_at, loaded_at, unloaded_at, created_at)
    SELECT o.id, o.carrier_id,
      CASE WHEN ${drawn(42, 50)} <> 1 THEN encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex') END,
      o.created_at + interval '2 hours',
      CASE WHEN ${drawn(42, 50)} = 1 THEN o.created_at + interval '5 hours' END,
      CASE WHEN ${drawn(41, 20)} NOT IN (0, 7) THEN o.created_at + interval '2 hours 40 minutes' END,
      CASE WHEN ${drawn(41, 20)} = 0 THEN o.created_at + interval '3 hours' END,
      CASE WHEN ${drawn(41, 20)} = 0 THEN 'Brak wolnego auta w tym terminie' END,
      CASE WHEN ${drawn(41, 20)} NOT IN (0, 7) AND ${drawn(43, 3)} <> 0 THEN o.created_at + interval '4 hours' END,
      CASE WHEN ${drawn(41, 20)} NOT IN (0, 7) AND o.loading_finished THEN o.loading_date + interval '90 minutes' END,
      CASE WHEN ${drawn(41, 20)} NOT IN (0, 7) AND o.unloading_finished THEN o.unloading_date + interval '2 hours' END,
      o.created_at + interval '2 hours'
    FROM orders o
    WHERE o.id > ${orderBase} AND o.carrier_id IS NOT NULL AND o.status <> 'anulowane' AND ${drawn(44, 10)} <> 9
      AND o.created_at > now() - interval '60 days'
    ORDER BY o.id`),
    );

    // The orders' files: a CMR on nine finished orders in ten, the carrier's invoice on three; a staff file now and then
    // on a running order. On the linked orders the carrier uploaded them itself.
    await steps.run('order documents', () =>
      db.execute(sql`
    INSERT INTO order_documents (order_id, kind, file_name, content_type, size, sha256, source, added_by_id, added_at)
    SELECT o.id, d.kind, d.kind || '_' || replace(o.number, '/', '-') || '.pdf', 'application/pdf', ${SEEDED_DOCUMENT.bytes.length},
      ${documentSha}, CASE WHEN l.id IS NOT NULL AND d.kind <> 'other' THEN 'carrier' ELSE 'staff' END,
      CASE WHEN l.id IS NULL OR d.kind = 'other' THEN o.user_id END,
      coalesce(o.unloading_date, o.created_at) + interval '5 hours' + d.k * interval '1 hour'
    FROM orders o
    LEFT JOIN portal_links l ON l.order_id = o.id AND l.accepted_at IS NOT NULL
    CROSS JOIN LATERAL (VALUES (1, 'cmr'), (2, 'invoice'), (3, 'other')) AS d(k, kind)
    WHERE o.id > ${orderBase} AND (
      (d.kind = 'cmr' AND o.status = 'zakonczone' AND ${drawn(46, 10)} <> 0)
      OR (d.kind = 'invoice' AND o.status = 'zakonczone' AND ${drawn(46, 10)} < 3)
      OR (d.kind = 'other' AND o.status = 'aktywne' AND ${drawn(45, 25)} = 0))
    ORDER BY o.id, d.k`),
    );

    // The link's timeline: sent (staff), then the carrier's answers, each notifying the order's owner; seen, except the
    // last three days'.
    await steps.run('portal events', () =>
      db.execute(sql`
    INSERT INTO portal_events (order_id, type, actor, user_id, detail, notify_user_id, seen_at, created_at)
    SELECT e.order_id, e.type, e.actor, CASE WHEN e.actor = 'staff' THEN o.user_id END, e.detail,
      CASE WHEN e.actor = 'carrier' THEN o.user_id END,
      CASE WHEN e.actor = 'carrier' AND e.at < now() - interval '3 days' THEN e.at + interval '20 minutes' END,
      e.at
    FROM (
      SELECT l.order_id, v.k, v.type, v.actor, v.detail, v.at
      FROM portal_links l
      CROSS JOIN LATERAL (VALUES
        (1, 'sent', 'staff', '{}'::jsonb, l.sent_at),
        (2, 'accepted', 'carrier', '{}'::jsonb, l.accepted_at),
        (3, 'declined', 'carrier', jsonb_build_object('reason', l.decline_reason, 'summary', l.decline_reason), l.declined_at),
        (4, 'vehicle', 'carrier', '{}'::jsonb, l.vehicle_at),
        (5, 'loaded', 'carrier', jsonb_build_object('at', l.loaded_at), l.loaded_at::timestamptz),
        (6, 'unloaded', 'carrier', jsonb_build_object('at', l.unloaded_at), l.unloaded_at::timestamptz),
        (7, 'revoked', 'staff', '{}'::jsonb, l.revoked_at)) AS v(k, type, actor, detail, at)
      WHERE l.order_id > ${orderBase} AND v.at IS NOT NULL
      UNION ALL
      SELECT d.order_id, 8, 'document', 'carrier',
        jsonb_build_object('kind', d.kind, 'fileName', d.file_name, 'summary', d.file_name), d.added_at
      FROM order_documents d WHERE d.order_id > ${orderBase} AND d.source = 'carrier') e
    JOIN orders o ON o.id = e.order_id
    ORDER BY e.at, e.order_id, e.k`),
    );
    // The vehicle the carrier gave is on the order already (truck, trailer, driver): the event names it.
    await db.execute(sql`
    UPDATE portal_events e SET detail = jsonb_build_object('driverName', o.driver_name, 'driverPhone', o.driver_phone,
      'truckPlate', o.truck, 'trailerPlate', o.trailer,
      'summary', concat_ws(', ', o.driver_name, o.driver_phone, o.truck, o.trailer))
    FROM orders o WHERE o.id = e.order_id AND e.type = 'vehicle' AND e.order_id > ${orderBase} AND e.detail = '{}'::jsonb`);
  };

  // The registers' checks behind the parties' verified dates and VAT statuses (parties.ts sets both by one rule).
  const { customerBase, carrierBase } = seeded.parties;
  const checks = () =>
    steps.run('verifications (GUS, white list)', async () => {
      await db.execute(sql`
      INSERT INTO verifications (customer_id, source, asked, answer, proof_id, outcome, checked_at, checked_on)
      SELECT c.id, v.source,
        CASE WHEN v.source = 'gus' THEN jsonb_build_object('nip', c.nip) ELSE jsonb_build_object('kind', 'search', 'nip', c.nip) END,
        CASE WHEN v.source = 'gus' THEN jsonb_build_object('nip', c.nip, 'regon', lpad(c.nip, 9, '0'),
            'name', c.company_name, 'street', c.street_address, 'postalCode', c.postal_code, 'city', c.city,
            'status', CASE WHEN v.failed THEN 'zawieszona' ELSE 'aktywna' END,
            'endedOn', CASE WHEN v.failed THEN to_char(current_date - 200, 'YYYY-MM-DD') END)
          ELSE jsonb_build_object('statusVat', 'Czynny', 'name', c.company_name, 'accountNumbers', '[]'::jsonb) END,
        CASE WHEN v.source = 'gus' THEN lpad(c.nip, 9, '0') ELSE 'Wl-' || lpad(c.id::text, 10, '0') END,
        CASE WHEN v.source = 'gus' AND v.failed THEN 'failed' ELSE 'ok' END,
        v.at, (v.at AT TIME ZONE 'Europe/Warsaw')::date
      FROM (SELECT c.*, c.id - ${customerBase} AS g FROM customers c WHERE c.id > ${customerBase}) c
      CROSS JOIN LATERAL (VALUES
        ('gus', ${CUSTOMER_GUS}, ${CUSTOMER_GUS_FAILED}, now() - (g % 365) * interval '1 day'),
        ('whitelist', ${CUSTOMER_WHITELIST}, false, now() - (g % 365) * interval '1 day' + interval '1 minute'))
        AS v(source, done, failed, at)
      WHERE v.done
      ORDER BY c.id, v.source`);
      await db.execute(sql`
      INSERT INTO verifications (carrier_id, source, asked, answer, proof_id, outcome, checked_at, checked_on)
      SELECT k.id, v.source,
        CASE WHEN v.source = 'gus' THEN jsonb_build_object('nip', k.nip) ELSE jsonb_build_object('kind', 'search', 'nip', k.nip) END,
        CASE WHEN v.source = 'gus' THEN jsonb_build_object('nip', k.nip, 'regon', lpad(k.nip, 9, '0'),
            'name', k.company_name, 'street', NULL, 'postalCode', NULL, 'city', k.city,
            'status', CASE WHEN v.failed THEN 'zawieszona' ELSE 'aktywna' END,
            'endedOn', CASE WHEN v.failed THEN to_char(current_date - 200, 'YYYY-MM-DD') END)
          ELSE jsonb_build_object('statusVat', CASE WHEN ${CARRIER_VAT_EXEMPT} THEN 'Zwolniony' ELSE 'Czynny' END,
            'name', k.company_name, 'accountNumbers', jsonb_build_array(${CARRIER_ACCOUNT})) END,
        CASE WHEN v.source = 'gus' THEN lpad(k.nip, 9, '0') ELSE 'Wl-' || lpad(k.id::text, 10, '0') END,
        CASE WHEN v.source = 'gus' AND v.failed THEN 'failed' ELSE 'ok' END,
        v.at, (v.at AT TIME ZONE 'Europe/Warsaw')::date
      FROM (SELECT k.*, k.id - ${carrierBase} AS g FROM carriers k WHERE k.id > ${carrierBase}) k
      CROSS JOIN LATERAL (VALUES
        ('gus', ${CARRIER_GUS_FAILED}, now() - (g % 180) * interval '1 day'),
        ('whitelist', false, now() - (g % 180) * interval '1 day')) AS v(source, failed, at)
      ORDER BY k.id, v.source`);
    });

  // A statement a working day for the last three months, its credits the day's payments of invoices (booked, the
  // payment naming its line) and the open invoices' transfers waiting to be booked; its debits the carriers paid.
  // Three months of statements at benchmark scale; fewer days on a small database (one line a day is no statement).
  const days = Math.min(91, Math.max(14, Math.round(seeded.scale / 1000)));
  // A line for every fourth payment and every fortieth open invoice at scale; for all of them on a small database.
  const paidShare = sql.raw(seeded.scale >= 50_000 ? '4' : '1');
  const openShare = sql.raw(seeded.scale >= 50_000 ? '40' : '2');
  const statements = () =>
    steps.run('bank statements and lines', async () => {
      await db.execute(sql`
      INSERT INTO bank_statements (file_name, format, bank, created_by_id, created_at)
      SELECT 'wyciag_' || to_char(d, 'YYYY-MM-DD') || CASE WHEN extract(dow FROM d) = 1 THEN '.csv' ELSE '.sta' END,
        CASE WHEN extract(dow FROM d) = 1 THEN 'csv' ELSE 'mt940' END,
        CASE WHEN extract(dow FROM d) = 1 THEN 'mbank' END,
        (SELECT id FROM users WHERE 'ROLE_ADMIN' = ANY(roles) ORDER BY id LIMIT 1),
        d + interval '1 day 8 hours'
      FROM generate_series((current_date - ${days}::int)::timestamp, (current_date - 1)::timestamp, interval '1 day') AS d
      WHERE extract(isodow FROM d) < 6
        AND NOT EXISTS (SELECT 1 FROM bank_statements s WHERE s.file_name LIKE 'wyciag_' || to_char(d, 'YYYY-MM-DD') || '%')`);
      await db.execute(sql`
      INSERT INTO bank_statement_lines (statement_id, line_hash, position, date, amount, currency, title,
        counterparty_name, counterparty_account, match_invoice_id, match_order_id, match_confidence, booked_at,
        booked_invoice_id, booked_order_id)
      SELECT s.id, encode(sha256(convert_to('seed:' || x.kind || ':' || x.ref, 'UTF8')), 'hex'),
        row_number() OVER (PARTITION BY s.id ORDER BY x.kind, x.ref), x.day, x.amount, x.currency, x.title, x.name,
        x.account, x.invoice_id, x.order_id, x.confidence,
        CASE WHEN x.booked THEN s.created_at + interval '1 hour' END,
        CASE WHEN x.booked THEN x.invoice_id END, CASE WHEN x.booked THEN x.order_id END
      FROM (
        SELECT 'p' AS kind, p.id AS ref, p.date AS day, p.amount, p.currency,
          'Zapłata za fakturę ' || i.number AS title, i.customer_name AS name,
          lpad((i.customer_id % 100)::text, 2, '0') || '1050' || lpad(i.customer_id::text, 20, '0') AS account,
          i.id AS invoice_id, NULL::int AS order_id, 'pewne' AS confidence, true AS booked
        FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
        WHERE p.invoice_id > ${invoiceBase} AND p.method = 'przelew' AND p.date >= current_date - 91
          AND p.date < current_date AND extract(isodow FROM p.date) < 6 AND p.id % ${paidShare} = 0
        UNION ALL
        SELECT 'i', i.id, least(current_date - 1, i.payment_date + i.id % 5), i.due_amount, i.currency,
          CASE WHEN i.id % 3 = 0 THEN 'Przelew ' || i.customer_name ELSE 'Faktura ' || i.number END, i.customer_name,
          lpad((i.customer_id % 100)::text, 2, '0') || '1050' || lpad(i.customer_id::text, 20, '0'),
          i.id, NULL, CASE WHEN i.id % 3 = 0 THEN 'do_sprawdzenia' ELSE 'pewne' END, false
        FROM invoices i
        WHERE i.id > ${invoiceBase} AND i.type = 'vat' AND NOT i.paid AND i.due_amount > 0
          AND i.payment_date >= current_date - 91 AND i.payment_date < current_date - 1 AND i.id % ${openShare} = 0
          AND extract(isodow FROM least(current_date - 1, i.payment_date + i.id % 5)) < 6
        UNION ALL
        SELECT 'c', c.id, c.date, -c.amount, c.currency, 'Zlecenie ' || o.number, k.company_name,
          k.bank_accounts[1], NULL, o.id, 'pewne', true
        FROM carrier_payments c JOIN orders o ON o.id = c.order_id LEFT JOIN carriers k ON k.id = o.carrier_id
        WHERE c.order_id > ${orderBase} AND c.date >= current_date - 91 AND c.date < current_date
          AND extract(isodow FROM c.date) < 6 AND c.id % ${paidShare} = 0
      ) x
      JOIN bank_statements s ON s.file_name LIKE 'wyciag_' || to_char(x.day, 'YYYY-MM-DD') || '%'
      ON CONFLICT (line_hash) DO NOTHING`);
      // A booked line's payment names it, as booking from the statement does.
      await db.execute(sql`
      UPDATE payments p SET statement_line_id = l.id FROM bank_statement_lines l
      WHERE l.booked_invoice_id = p.invoice_id AND l.line_hash = encode(sha256(convert_to('seed:p:' || p.id, 'UTF8')), 'hex')
        AND p.invoice_id > ${invoiceBase} AND p.statement_line_id IS NULL`);
      await db.execute(sql`
      UPDATE payments p SET statement_line_id = l.id FROM bank_statement_lines l
      WHERE l.booked_order_id = p.order_id AND l.line_hash = encode(sha256(convert_to('seed:c:' || p.id, 'UTF8')), 'hex')
        AND p.order_id > ${orderBase} AND p.statement_line_id IS NULL`);
    });

  // Interest notes on one in twenty debts more than two months past due (numbered NO/{n}/{MM}/{YYYY}), with the
  // statutory rate of the second half of 2025 (15,25 %) and the art. 10 compensation in PLN at 4,30.
  const notes = () =>
    steps.run('interest notes', async () => {
      await db.execute(sql`
      WITH due AS (
        SELECT i.id, i.currency, i.payment_date, i.due_amount, i.total_gross,
          least(current_date - 1, i.payment_date + 60 + i.id % 30) AS made
        FROM invoices i
        WHERE i.id > ${invoiceBase} AND i.type = 'vat' AND NOT i.paid AND i.due_amount > 0
          AND i.payment_date < current_date - 60 AND i.id % 20 = 0),
      numbered AS (
        SELECT due.*, made - payment_date AS days,
          row_number() OVER (PARTITION BY to_char(made, 'YYYY-MM') ORDER BY made, id)
            + coalesce((SELECT last FROM invoice_number_counters k WHERE k.type = 'interest_note'
                AND k.period = to_char(made, 'YYYY-MM')), 0) AS n
        FROM due)
      INSERT INTO interest_notes (number, invoice_id, created_date, until_date, currency, days_late, interest, periods,
        compensation_eur, compensation_amount, compensation_rate, compensation_table, compensation_rate_date, created_at)
      SELECT 'NO/' || n || '/' || to_char(made, 'MM/YYYY'), id, made, made, currency, days,
        round(due_amount * 1525.0 * days / (10000 * 365))::bigint,
        jsonb_build_array(jsonb_build_object('from', to_char(payment_date + 1, 'YYYY-MM-DD'),
          'to', to_char(made, 'YYYY-MM-DD'), 'days', days, 'base', due_amount, 'rate', 1525,
          'interest', round(due_amount * 1525.0 * days / (10000 * 365))::bigint)),
        CASE WHEN total_gross <= 500000 THEN 40 WHEN total_gross < 5000000 THEN 70 ELSE 100 END,
        (CASE WHEN total_gross <= 500000 THEN 40 WHEN total_gross < 5000000 THEN 70 ELSE 100 END) * 430,
        43000, '200/A/NBP/' || to_char(made, 'YYYY'), made - 1,
        made::timestamp AT TIME ZONE 'Europe/Warsaw' + interval '12 hours'
      FROM numbered ORDER BY made, id`);
      await db.execute(sql`
      INSERT INTO invoice_number_counters (type, period, last)
      SELECT 'interest_note', to_char(created_date, 'YYYY-MM'), max(split_part(number, '/', 2)::int)
      FROM interest_notes WHERE invoice_id > ${invoiceBase} GROUP BY 2
      ON CONFLICT (type, period) DO UPDATE SET last = greatest(invoice_number_counters.last, excluded.last)`);
    });

  // The carrier's invoices from KSeF and the bot's messages (inbox.ts).
  const received = () => seedReceivedInvoices(db, orderBase, steps);
  const telegram = () => seedTelegramMessages(db, steps);

  // The carrier's side (its payments are on the statements) beside the registers' checks, then the rest.
  await inParallel([checks, carrierSide, more], parallel ? 2 : 1);
  await inParallel([statements, notes, received, telegram], parallel ? 2 : 1);
  // Issue 38: the carriers' invoices of the unloaded orders, their payments in the ledger, one batch.
  await seedCarrierInvoices(db, orderBase, steps);

  report.carrierPayments = await count('carrier_payments', `order_id > ${orderBase}`);
  report.portalLinks = await count('portal_links', `order_id > ${orderBase}`);
  report.portalEvents = await count('portal_events', `order_id > ${orderBase}`);
  report.documents = await count('order_documents', `order_id > ${orderBase}`);
  report.verifications = await count('verifications', `customer_id > ${customerBase} OR carrier_id > ${carrierBase}`);
  report.bankStatements = await count('bank_statements');
  report.bankStatementLines = await count('bank_statement_lines');
  report.interestNotes = await count('interest_notes', `invoice_id > ${invoiceBase}`);
  report.receivedInvoices = await count('received_invoices', `order_id > ${orderBase} OR order_id IS NULL`);
  report.telegramMessages = await count('telegram_messages');
  report.carrierInvoices = await count('carrier_invoices');
  return report;
}

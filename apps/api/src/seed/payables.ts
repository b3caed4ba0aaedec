import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Steps } from './bulk.ts';

/**
 * Issue 38: the carriers' invoices of the unloaded orders (one per order, the carrier's price as its net, 23 % VAT in
 * PLN, 0 % in EUR at the order's rate), received two days after issue; the documents came with five in six of them
 * (the term of 60 days counts from them; the others wait for documents). What the carrier was paid is a payment of the
 * ledger ('out') on the day; the open ones' last twenty go into one exported-looking batch, so that the lists, the
 * batch's page and the cash flow have rows to read.
 */
export async function seedCarrierInvoices(db: Db, orderBase: number, steps: Steps): Promise<void> {
  await steps.run('carrier invoices', async () => {
    await db.execute(sql`
      WITH source AS (
        SELECT o.id AS order_id, o.carrier_id, o.carrier_price AS net, o.carrier_price_currency AS currency,
          (coalesce(o.unloading_date, o.created_at) AT TIME ZONE 'UTC')::date + 1 AS issued,
          o.carrier_paid, o.carrier_paid_date, o.euro_exchange_rate,
          coalesce(k.bank_accounts[1], k.account_number) AS account
        FROM orders o JOIN carriers k ON k.id = o.carrier_id
        WHERE o.id > ${orderBase} AND o.unloading_finished AND coalesce(o.carrier_price, 0) > 0
          AND o.deletion_reason = 0 AND o.status <> 'anulowane'
      ), amounts AS (
        SELECT s.*, CASE WHEN s.currency = 'pln' THEN round(s.net * 0.23)::bigint ELSE 0 END AS vat,
          CASE WHEN s.order_id % 6 <> 0 THEN s.issued + 5 END AS documents
        FROM source s
      ), inserted AS (
        INSERT INTO carrier_invoices (carrier_id, number, issue_date, received_date, documents_received_date, currency,
          net_amount, vat_amount, gross_amount, exchange_rate, bank_account, payment_term_days, payment_term_from,
          due_date, paid_amount, due_amount, paid_date, held, warnings, source, created_at)
        SELECT a.carrier_id, 'FP/' || a.order_id || '/' || to_char(a.issued, 'MM/YYYY'), a.issued, a.issued + 2,
          a.documents, a.currency, a.net, a.vat, a.net + a.vat,
          CASE WHEN a.currency = 'eur' THEN coalesce(a.euro_exchange_rate, 430) * 100 END, a.account, 60, 'documents',
          a.documents + 60,
          CASE WHEN a.carrier_paid THEN a.net + a.vat ELSE 0 END,
          CASE WHEN a.carrier_paid THEN 0 ELSE a.net + a.vat END,
          CASE WHEN a.carrier_paid THEN coalesce(a.carrier_paid_date, a.documents + 60, a.issued + 60) END,
          a.documents IS NULL,
          CASE WHEN a.documents IS NULL
            THEN '[{"code":"no_cmr","message":"Brak dokumentów (CMR) — faktura wstrzymana"}]'::jsonb
            ELSE '[]'::jsonb END,
          CASE a.order_id % 3 WHEN 0 THEN 'ksef' WHEN 1 THEN 'portal' ELSE 'hand' END,
          (a.issued + 2)::timestamp AT TIME ZONE 'Europe/Warsaw' + interval '9 hours'
        FROM amounts a
        ORDER BY a.order_id
        RETURNING id, number, net_amount
      )
      INSERT INTO carrier_invoice_orders (carrier_invoice_id, order_id, amount)
      SELECT i.id, split_part(i.number, '/', 2)::int, i.net_amount FROM inserted i`);
    await db.execute(sql`
      INSERT INTO payments (direction, carrier_invoice_id, carrier_id, date, amount, currency, method, created_at)
      SELECT 'out', c.id, c.carrier_id, c.paid_date, c.gross_amount, c.currency, 'przelew',
        c.paid_date::timestamp AT TIME ZONE 'Europe/Warsaw' + interval '10 hours'
      FROM carrier_invoices c JOIN carrier_invoice_orders l ON l.carrier_invoice_id = c.id
      WHERE l.order_id > ${orderBase} AND c.paid_date IS NOT NULL
      ORDER BY c.id`);
  });
  await steps.run('transfer batch', async () => {
    await db.execute(sql`
      WITH batch AS (
        INSERT INTO transfer_batches (status, execution_date, exported_at)
        VALUES ('wyeksportowana', current_date, now()) RETURNING id
      ), chosen AS (
        SELECT c.id, c.carrier_id, c.bank_account, c.due_amount, c.currency, c.vat_amount, c.number,
          row_number() OVER (ORDER BY c.due_date DESC, c.id) AS position
        FROM carrier_invoices c JOIN carrier_invoice_orders l ON l.carrier_invoice_id = c.id
        WHERE l.order_id > ${orderBase} AND c.due_amount > 0 AND c.due_date IS NOT NULL AND c.batch_id IS NULL
          AND c.bank_account IS NOT NULL AND NOT c.held
        ORDER BY c.due_date DESC, c.id LIMIT 20
      ), lines AS (
        INSERT INTO transfer_lines (batch_id, position, carrier_id, account, amount, currency, title, vat_amount,
          whitelist_status)
        SELECT (SELECT id FROM batch), position, carrier_id, bank_account, due_amount, currency, 'Faktura ' || number,
          vat_amount, 'not_required'
        FROM chosen ORDER BY position
        RETURNING id, position
      ), parts AS (
        INSERT INTO transfer_line_invoices (line_id, carrier_invoice_id, amount)
        SELECT l.id, c.id, c.due_amount FROM lines l JOIN chosen c ON c.position = l.position
        RETURNING carrier_invoice_id
      )
      UPDATE carrier_invoices SET batch_id = (SELECT id FROM batch) WHERE id IN (SELECT carrier_invoice_id FROM parts)`);
  });
}

import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inParallel, type Steps } from './bulk.ts';
import { reserveIds } from './shipments.ts';

/**
 * Invoices for the demo and the benchmark, generated in SQL from the orders: a VAT invoice per finished order (EUR
 * for the orders priced in euro, at the settings' rate), a ProForma and a corrective; at benchmark scale `count`
 * VAT invoices spread over two years, so that a month holds a few thousand. Totals use the same rounding as the app.
 */
export async function seedInvoices(
  db: Db,
  options: { count: number; scale: boolean },
  steps: Steps,
  parallel = false,
): Promise<{ invoices: number; firstId: number }> {
  const setting = (key: string) => sql.raw(`(SELECT value FROM settings WHERE key = '${key}')`);
  // At scale every order is used (cyclically); the demo invoices finished orders only.
  const which = options.scale ? sql`TRUE` : sql`o.status = 'zakonczone'`;
  const created = options.scale
    ? sql`(current_date - (g % 730))`
    : sql`least(current_date, (coalesce(src.unloading_date, src.created_at) AT TIME ZONE 'Europe/Warsaw')::date + 1)`;
  const rate = sql`CASE WHEN src.loading_country = 'PL' AND src.unloading_country = 'PL' THEN 2300 ELSE 0 END`;
  const base = await reserveIds(db, 'invoices', 0);
  // How an office's customers pay: three in ten pay late (their invoices past due stay open, a quarter of them paid
  // in part), the others pay around the due date; an invoice not due yet is open unless paid early (one in seven).
  const result = await steps.run(`invoices (${options.count})`, () =>
    db.execute(sql`
    WITH src AS (
      SELECT o.*, row_number() OVER (ORDER BY o.id) - 1 AS rn
      FROM orders o WHERE o.customer_id IS NOT NULL AND o.customer_price IS NOT NULL AND ${which}
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)),
    n AS (SELECT greatest(count(*), 1) AS size FROM src),
    picked AS (
      SELECT g, src.*, ${created} AS created_day, ${rate} AS vat_rate,
        (src.customer_price_currency = 'eur' OR src.rn % 5 = 4) AS in_eur
      FROM generate_series(1, ${options.count}) AS g
      JOIN src ON src.rn = (g - 1) % (SELECT size FROM n)
      ${options.scale ? sql`` : sql`WHERE g <= (SELECT count(*) FROM src)`}),
    priced AS (
      SELECT picked.*, net + round(net * vat_rate / 10000.0)::bigint AS gross, created_day + 30 AS due_day
      FROM (SELECT picked.*, CASE WHEN in_eur AND customer_price_currency <> 'eur'
        THEN round(customer_price / 4.3)::int ELSE customer_price END AS net FROM picked) picked),
    fate AS (
      SELECT priced.*, CASE WHEN due_day >= current_date THEN g % 7 = 0 ELSE customer_id % 10 >= 3 END AS is_paid
      FROM priced),
    rows AS (
      SELECT fate.*,
        CASE WHEN is_paid THEN gross WHEN due_day < current_date AND g % 4 = 0 THEN round(gross / 2.0)::bigint
          ELSE 0 END AS paid_sum,
        row_number() OVER (PARTITION BY to_char(created_day, 'YYYY-MM') ORDER BY created_day, g)
          + coalesce((SELECT last FROM invoice_number_counters k WHERE k.type = 'vat'
              AND k.period = to_char(created_day, 'YYYY-MM')), 0) AS n
      FROM fate)
    INSERT INTO invoices (type, number, number_sort, created_date, sale_date, payment_date, payment_method, currency,
      description, vendor_name, vendor_nip, vendor_street_address, vendor_postal_code, vendor_city, vendor_bank_account,
      customer_id, customer_name, customer_nip, customer_street_address, customer_postal_code, customer_city,
      customer_country, customer_email, order_id, invoice_sent, paid, paid_date, exchange_rate, exchange_rate_source,
      total_net, total_vat, total_gross, paid_amount, due_amount, created_at)
    SELECT 'vat', r.n || '/' || to_char(r.created_day, 'MM/YYYY'),
      extract(year FROM r.created_day)::bigint * 100000000 + extract(month FROM r.created_day)::bigint * 1000000 + r.n,
      r.created_day, r.created_day - 1, r.due_day, 'przelew',
      CASE WHEN r.in_eur THEN 'eur' ELSE 'pln' END,
      'Zlecenie nr ' || r.number || ': ' || coalesce(r.loading_city, '') || ' – ' || coalesce(r.unloading_city, ''),
      ${setting('companyName')}, ${setting('companyNip')}, ${setting('companyStreetAddress')},
      ${setting('companyPostalCode')}, ${setting('companyCity')}, ${setting('companyBankAccount')},
      c.id, coalesce(c.company_name, c.name, 'Klient'), coalesce(c.nip, 'brak'), coalesce(c.street_address, 'brak'),
      coalesce(c.postal_code, '00-000'), coalesce(c.city, 'brak'), coalesce(c.country, 'PL'), c.email,
      r.id, r.g % 4 <> 0 OR r.due_day < current_date, r.is_paid,
      CASE WHEN r.is_paid THEN least(current_date, r.created_day + 10 + r.g % 25) END,
      CASE WHEN r.in_eur THEN 43000 END, CASE WHEN r.in_eur THEN 'settings' END,
      r.net, r.gross - r.net, r.gross, r.paid_sum, r.gross - r.paid_sum,
      r.created_day::timestamp AT TIME ZONE 'Europe/Warsaw' + interval '9 hours'
    FROM rows r JOIN customers c ON c.id = r.customer_id`),
  );
  const inserted = Number((result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ?? 0) || 0;
  const positions = () =>
    steps.run('invoice positions', () =>
      db.execute(sql`
    INSERT INTO invoice_positions (invoice_id, position, title, amount, unit, netto, netto_value, vat_rate, vat_value, brutto_value)
    SELECT i.id, 1, 'Usługa transportu', 1, 'usł.', i.total_net, i.total_net,
      CASE WHEN i.total_vat = 0 THEN 0 ELSE 2300 END, i.total_vat, i.total_gross
    FROM invoices i WHERE i.id > ${base}`),
    );
  // Issue 26: what is paid is paid by payments (a whole one on its day, or a part a few days after the due date).
  const payments = () =>
    steps.run('invoice payments', () =>
      db.execute(sql`
    INSERT INTO payments (direction, invoice_id, customer_id, date, amount, currency, method, created_at)
    SELECT 'in', i.id, i.customer_id, CASE WHEN i.paid THEN i.paid_date ELSE least(current_date, i.payment_date + 3 + i.id % 10) END,
      i.paid_amount, i.currency, CASE WHEN i.id % 20 = 0 THEN 'gotowka' ELSE 'przelew' END,
      (CASE WHEN i.paid THEN i.paid_date ELSE least(current_date, i.payment_date + 3 + i.id % 10) END)::timestamp
        AT TIME ZONE 'Europe/Warsaw' + interval '11 hours'
    FROM invoices i WHERE i.id > ${base} AND i.type = 'vat' AND i.paid_amount > 0
    ORDER BY i.id`),
    );
  await inParallel([positions, payments], parallel ? 2 : 1);
  await db.execute(sql`
    INSERT INTO invoice_number_counters (type, period, last)
    SELECT type, to_char(created_date, 'YYYY-MM'), max(split_part(number, '/', 1)::int)
    FROM invoices WHERE id > ${base} AND number ~ '^[0-9]+/[0-9]{2}/[0-9]{4}$' GROUP BY 1, 2
    ON CONFLICT (type, period) DO UPDATE SET last = greatest(invoice_number_counters.last, excluded.last)`);
  if (options.scale) return { invoices: inserted, firstId: base + 1 };
  // A ProForma of an active order, and a corrective of the first VAT invoice (a price cut of 200 PLN).
  await db.execute(sql`
      INSERT INTO invoices (type, number, number_sort, created_date, sale_date, payment_date, payment_method, currency,
        description, vendor_name, vendor_nip, vendor_street_address, vendor_postal_code, vendor_city, vendor_bank_account,
        customer_id, customer_name, customer_nip, customer_street_address, customer_postal_code, customer_city,
        customer_country, customer_email, order_pro_forma_id, total_net, total_vat, total_gross)
      SELECT 'proforma', 'S-pf', 0, current_date, current_date, current_date + 7, 'przelew', 'pln',
        'Zaliczka na zlecenie nr ' || o.number, ${setting('companyName')}, ${setting('companyNip')},
        ${setting('companyStreetAddress')}, ${setting('companyPostalCode')}, ${setting('companyCity')},
        ${setting('companyBankAccount')}, c.id, coalesce(c.company_name, c.name), coalesce(c.nip, 'brak'),
        coalesce(c.street_address, 'brak'), coalesce(c.postal_code, '00-000'), coalesce(c.city, 'brak'),
        coalesce(c.country, 'PL'), c.email, o.id, o.customer_price, round(o.customer_price * 0.23),
        o.customer_price + round(o.customer_price * 0.23)
      FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE o.status = 'aktywne' AND o.customer_price IS NOT NULL AND o.customer_price_currency = 'pln'
      ORDER BY o.id LIMIT 1`);
  await db.execute(sql`
      INSERT INTO invoices (type, number, number_sort, created_date, sale_date, payment_date, payment_method, currency,
        description, vendor_name, vendor_nip, vendor_street_address, vendor_postal_code, vendor_city, vendor_bank_account,
        customer_id, customer_name, customer_nip, customer_street_address, customer_postal_code, customer_city,
        customer_country, customer_email, order_id, correction_reason, corrected_document_number,
        corrected_document_date, corrected_invoice_id, total_net, total_vat, total_gross)
      SELECT 'corrective', 'S-kor', 0, current_date, i.sale_date, current_date + 14, 'przelew', i.currency,
        i.description, i.vendor_name, i.vendor_nip, i.vendor_street_address, i.vendor_postal_code, i.vendor_city,
        i.vendor_bank_account, i.customer_id, i.customer_name, i.customer_nip, i.customer_street_address,
        i.customer_postal_code, i.customer_city, i.customer_country, i.customer_email, i.order_id,
        'Obniżka ceny o 200 zł z powodu opóźnienia dostawy', i.number, i.created_date, i.id,
        -20000, -round(20000 * (CASE WHEN i.total_vat = 0 THEN 0 ELSE 2300 END) / 10000.0),
        -20000 - round(20000 * (CASE WHEN i.total_vat = 0 THEN 0 ELSE 2300 END) / 10000.0)
      FROM invoices i WHERE i.type = 'vat' AND i.currency = 'pln' ORDER BY i.id LIMIT 1`);
  await db.execute(sql`
      INSERT INTO invoice_positions (invoice_id, position, title, amount, unit, netto, netto_value, vat_rate, vat_value, brutto_value)
      SELECT i.id, 1, CASE WHEN i.type = 'corrective' THEN 'Usługa transportu – korekta ceny' ELSE 'Usługa transportu' END,
        1, 'usł.', i.total_net, i.total_net, CASE WHEN i.total_vat = 0 THEN 0 ELSE 2300 END, i.total_vat, i.total_gross
      FROM invoices i WHERE i.number IN ('S-pf', 'S-kor')`);

  // Real numbers ({n}/{MM}/{YYYY} per type and month of issue) and counters that continue from them.
  await db.execute(sql`
    UPDATE invoices SET number = x.n || '/' || to_char(x.created_date, 'MM/YYYY'),
      number_sort = extract(year FROM x.created_date)::bigint * 100000000 + extract(month FROM x.created_date)::bigint * 1000000 + x.n
    FROM (
      SELECT i.id, i.created_date,
        row_number() OVER (PARTITION BY i.type, to_char(i.created_date, 'YYYY-MM') ORDER BY i.created_date, i.id)
          + coalesce((SELECT last FROM invoice_number_counters k WHERE k.type = i.type AND k.period = to_char(i.created_date, 'YYYY-MM')), 0) AS n
      FROM invoices i WHERE i.number LIKE 'S%') x
    WHERE invoices.id = x.id`);
  await db.execute(sql`
    INSERT INTO invoice_number_counters (type, period, last)
    SELECT type, to_char(created_date, 'YYYY-MM'), max(split_part(number, '/', 1)::int)
    FROM invoices WHERE number ~ '^[0-9]+/[0-9]{2}/[0-9]{4}$' GROUP BY 1, 2
    ON CONFLICT (type, period) DO UPDATE SET last = greatest(invoice_number_counters.last, excluded.last)`);
  await db.execute(sql`
    UPDATE invoices i SET due_amount = CASE
      WHEN i.type <> 'vat' OR i.paid THEN 0
      ELSE greatest(0, i.total_gross
        + coalesce((SELECT sum(c.total_gross) FROM invoices c WHERE c.corrected_invoice_id = i.id), 0)
        - i.paid_amount - coalesce((SELECT sum(c.paid_amount) FROM invoices c WHERE c.corrected_invoice_id = i.id), 0))
      END
    WHERE i.id > ${base}`);
  return { invoices: inserted + 2, firstId: base + 1 };
}

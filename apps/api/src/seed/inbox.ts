import { COUNTRIES } from '@spedycja/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { botTexts, failureReasons } from '../modules/telegram/messages.ts';
import type { Steps } from './bulk.ts';

/**
 * What comes into an office from outside beside its own records (issue 35: the bench measured their lists empty): the
 * carriers' invoices received from KSeF, and the Telegram messages the bot sent to the dispatchers who linked it.
 * Derived from the rows seeded before (`> base`), so a second seeding adds to its own rows only.
 */

/** A value as FA(3) XML text (the names of the parties hold '&' now and then). */
const xmlText = (value: SQL) => sql`replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;
/** Hundredths as FA(3) writes an amount: 123456 -> '1234.56'. */
const amount = (hundredths: SQL) => sql`((${hundredths}) / 100) || '.' || lpad(((${hundredths}) % 100)::text, 2, '0')`;
/** Our own company, the buyer (the settings the invoices are issued from). */
const setting = (key: string) => sql.raw(`(SELECT value FROM settings WHERE key = '${key}')`);

/**
 * The carriers' invoices from KSeF: every finished order of a Polish carrier (KSeF holds Polish sellers' invoices;
 * a foreign carrier's comes on paper) has its carrier's invoice, matched to it as the sync matches (the seller is the
 * order's carrier, the net amount its price), issued in the days after the unloading, due 30, 45 or 60 days later;
 * one order in twelve also has the carrier's invoice for waiting time, which no order's price matches (unassigned,
 * waiting for 'Przypisz do zlecenia'). The order's carrier payment date follows its invoice (trigger
 * received_invoices_due; bulk.ts recomputeKept after a bulk load).
 */
export async function seedReceivedInvoices(db: Db, orderBase: number, steps: Steps): Promise<void> {
  const domestic = sql`(o.loading_country = 'PL' AND o.unloading_country = 'PL')`;
  const net = sql`CASE WHEN x.k = 0 THEN o.carrier_price ELSE 15000 + (o.id % 4) * 5000 END`;
  const vat = sql`CASE WHEN ${domestic} THEN round(${net} * 0.23)::bigint ELSE 0 END`;
  await steps.run('received invoices (KSeF)', () =>
    db.execute(sql`
    WITH src AS (
      SELECT o.id AS order_id, x.k, o.number AS order_number, regexp_replace(k.nip, '[^0-9]', '', 'g') AS nip,
        coalesce(k.company_name, k.name) AS seller, coalesce(k.city, '') AS city, k.bank_accounts[1] AS account,
        ${net}::bigint AS net, ${vat} AS vat, ${domestic} AS domestic, x.issue,
        x.issue + (ARRAY[30, 45, 60])[1 + o.id % 3] AS due,
        CASE WHEN x.k = 0 THEN 'Usługa transportowa – zlecenie nr ' || o.number
          ELSE 'Postój pojazdu – zlecenie nr ' || o.number END AS title
      FROM orders o
      JOIN carriers k ON k.id = o.carrier_id
      CROSS JOIN LATERAL (VALUES (0), (1)) AS x0(k)
      CROSS JOIN LATERAL (SELECT x0.k,
        least(current_date - 1, (o.unloading_date AT TIME ZONE 'Europe/Warsaw')::date + o.id % 4 + x0.k) AS issue) x
      WHERE o.id > ${orderBase} AND o.status = 'zakonczone' AND o.deletion_reason = 0
        AND o.carrier_price IS NOT NULL AND o.carrier_price_currency = 'pln' AND k.nip ~ '^[0-9 -]{10,13}$'
        AND (x.k = 0 OR o.id % 12 = 0))
    INSERT INTO received_invoices (ksef_number, invoice_number, seller_nip, seller_name, issue_date, payment_date,
      net_amount, vat_amount, gross_amount, currency, xml, order_id, permanent_storage_date, acquired_at)
    SELECT s.nip || '-' || to_char(s.issue, 'YYYYMMDD') || '-' || upper(lpad(to_hex(s.order_id * 2 + s.k), 12, '0'))
        || '-' || upper(lpad(to_hex((s.order_id * 2 + s.k) % 256), 2, '0')),
      'FV/' || (s.order_id * 2 + s.k) || '/' || to_char(s.issue, 'MM/YYYY'), s.nip, s.seller, s.issue, s.due,
      s.net, s.vat, s.net + s.vat, 'pln',
      '<?xml version="1.0" encoding="UTF-8"?>'
        || '<Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/"><Naglowek>'
        || '<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>'
        || '<WariantFormularza>3</WariantFormularza><DataWytworzeniaFa>' || to_char(s.issue, 'YYYY-MM-DD')
        || 'T09:00:00Z</DataWytworzeniaFa></Naglowek>'
        || '<Podmiot1><DaneIdentyfikacyjne><NIP>' || s.nip || '</NIP><Nazwa>' || ${xmlText(sql`s.seller`)}
        || '</Nazwa></DaneIdentyfikacyjne><Adres><KodKraju>PL</KodKraju><AdresL1>' || ${xmlText(sql`s.city`)}
        || '</AdresL1></Adres></Podmiot1>'
        || '<Podmiot2><DaneIdentyfikacyjne><NIP>' || regexp_replace(${setting('companyNip')}, '[^0-9]', '', 'g')
        || '</NIP><Nazwa>' || ${xmlText(setting('companyName'))} || '</Nazwa></DaneIdentyfikacyjne>'
        || '<Adres><KodKraju>PL</KodKraju><AdresL1>' || ${xmlText(setting('companyStreetAddress'))}
        || '</AdresL1><AdresL2>' || ${xmlText(sql`${setting('companyPostalCode')} || ' ' || ${setting('companyCity')}`)}
        || '</AdresL2></Adres></Podmiot2>'
        || '<Fa><KodWaluty>PLN</KodWaluty><P_1>' || to_char(s.issue, 'YYYY-MM-DD') || '</P_1><P_2>FV/'
        || (s.order_id * 2 + s.k) || '/' || to_char(s.issue, 'MM/YYYY') || '</P_2>'
        || CASE WHEN s.domestic THEN '<P_13_1>' || ${amount(sql`s.net`)} || '</P_13_1><P_14_1>' || ${amount(sql`s.vat`)}
            || '</P_14_1>' ELSE '<P_13_6_1>' || ${amount(sql`s.net`)} || '</P_13_6_1>' END
        || '<P_15>' || ${amount(sql`s.net + s.vat`)} || '</P_15><RodzajFaktury>VAT</RodzajFaktury>'
        || '<FaWiersz><NrWierszaFa>1</NrWierszaFa><P_7>' || ${xmlText(sql`s.title`)}
        || '</P_7><P_8A>usł.</P_8A><P_8B>1</P_8B><P_9A>' || ${amount(sql`s.net`)} || '</P_9A><P_11>'
        || ${amount(sql`s.net`)} || '</P_11><P_12>' || CASE WHEN s.domestic THEN '23' ELSE '0 KR' END
        || '</P_12></FaWiersz><Platnosc><TerminPlatnosci><Termin>' || to_char(s.due, 'YYYY-MM-DD')
        || '</Termin></TerminPlatnosci><FormaPlatnosci>6</FormaPlatnosci>'
        || coalesce('<RachunekBankowy><NrRB>' || s.account || '</NrRB></RachunekBankowy>', '')
        || '</Platnosc></Fa></Faktura>',
      CASE WHEN s.k = 0 THEN s.order_id END,
      (s.issue + 1)::timestamp AT TIME ZONE 'Europe/Warsaw' + interval '7 hours',
      (s.issue + 1)::timestamp AT TIME ZONE 'Europe/Warsaw' + interval '8 hours'
    FROM src s
    ORDER BY s.issue, s.order_id, s.k`),
  );
}

/** The bot's texts with a number in them, for SQL to put the number in. */
const MARK = 987_654_321;
const withNumber = (text: string, value: SQL) => sql`replace(${text}, ${String(MARK)}, (${value})::text)`;

/** 'Łódź (Polska)', as the bot names a place (compose.ts). */
const place = (city: SQL, country: SQL) =>
  sql`coalesce(nullif(concat_ws(' ', ${city}, '(' || (SELECT c.name FROM seed_country_names c WHERE c.iso = ${country}) || ')'), ''), '?')`;

/**
 * The Telegram messages of the dispatchers who linked the bot (one in three; three of the demo's six): the link's
 * confirmation and a test, then the reminders of their tasks with the Telegram switch on whose contact date has passed
 * (the tasks' `telegram_reminded_for`), a notice of one such task in four as assigned, and the verified offers on one
 * of their queries in ten. Sent, except the last three days' reminders of one linked user in ten, which Telegram
 * refused (the user had blocked the bot).
 */
export async function seedTelegramMessages(db: Db, steps: Steps): Promise<void> {
  const admin = sql`coalesce((SELECT name FROM users WHERE 'ROLE_ADMIN' = ANY(roles) ORDER BY id LIMIT 1), 'Administrator')`;
  const names = sql.join(
    COUNTRIES.map((c) => sql`(${c.iso}, ${c.name})`),
    sql`, `,
  );
  const entry = sql`CASE
    WHEN q.id IS NOT NULL THEN ${withNumber(botTexts.query(MARK), sql`q.id`)} || ': '
      || ${place(sql`q.loading_city`, sql`q.loading_country`)} || ' → ' || ${place(sql`q.unloading_city`, sql`q.unloading_country`)}
    WHEN o.id IS NOT NULL THEN ${botTexts.order('')} || o.number || ': '
      || ${place(sql`o.loading_city`, sql`o.loading_country`)} || ' → ' || ${place(sql`o.unloading_city`, sql`o.unloading_country`)}
    ELSE ${botTexts.noEntry} END`;
  const blocked = failureReasons.blocked('Forbidden: bot was blocked by the user');
  await steps.run('telegram messages', () =>
    db.execute(sql`
    WITH seed_country_names (iso, name) AS (VALUES ${names}),
    linked AS (
      SELECT u.id, u.name, u.login, u.telegram_user_id AS chat, u.telegram_on_assignment, u.telegram_on_offer_verified,
        now() - interval '200 days' + (u.id % 20) * interval '1 day' AS linked_at
      FROM users u
      WHERE u.telegram_user_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM telegram_messages m WHERE m.user_id = u.id AND m.kind = 'link')),
    task_rows AS (
      SELECT t.id, t.user_id, t.contact_date, t.telegram_reminded_for, t.created_at, ${entry} AS entry
      FROM tasks t JOIN linked l ON l.id = t.user_id
      LEFT JOIN queries q ON q.id = t.query_id LEFT JOIN orders o ON o.id = t.order_id
      WHERE t.telegram_notification AND t.deletion_reason = 0),
    messages AS (
      SELECT 'link' AS kind, l.id AS user_id, l.chat,
        replace(replace(${botTexts.linked('{name}', '{login}')}, '{name}', l.name), '{login}', l.login) AS html, ${botTexts.summary.linked} AS summary,
        NULL::int AS task_id, NULL::timestamptz AS contact_date, l.linked_at AS at, false AS failed
      FROM linked l
      UNION ALL
      SELECT 'test', l.id, l.chat, replace(${botTexts.test('{name}')}, '{name}', l.name), ${botTexts.summary.test},
        NULL, NULL, l.linked_at + interval '1 minute', false
      FROM linked l WHERE l.id % 2 = 0
      UNION ALL
      SELECT 'reminder', t.user_id, l.chat,
        '<b>' || ${withNumber(botTexts.reminderTitle(MARK), sql`t.id`)} || '</b>' || chr(10) || t.entry,
        replace(${botTexts.summary.reminder('{entry}')}, '{entry}', t.entry), t.id, t.telegram_reminded_for,
        t.telegram_reminded_for, l.id % 10 = 3 AND t.telegram_reminded_for > now() - interval '3 days'
      FROM task_rows t JOIN linked l ON l.id = t.user_id WHERE t.telegram_reminded_for IS NOT NULL
      UNION ALL
      SELECT 'assignment', t.user_id, l.chat,
        '<b>' || replace(${withNumber(botTexts.assignmentTitle(MARK, '{by}'), sql`t.id`)}, '{by}', ${admin}) || '</b>'
          || chr(10) || t.entry,
        replace(replace(${botTexts.summary.assignment('{entry}', '{by}')}, '{entry}', t.entry), '{by}', ${admin}),
        t.id, NULL, t.created_at, false
      FROM task_rows t JOIN linked l ON l.id = t.user_id WHERE t.id % 4 = 1 AND l.telegram_on_assignment
      UNION ALL
      SELECT 'offer', q.user_id, l.chat,
        '<b>' || ${withNumber(botTexts.offerTitle(MARK), sql`q.id`)} || '</b>',
        replace(${withNumber(botTexts.summary.offer(MARK, '{price}'), sql`q.id`)}, '{price}',
          (f.price / 100) || ',' || lpad((f.price % 100)::text, 2, '0') || ' '
            || CASE f.currency WHEN 'pln' THEN 'zł' WHEN 'eur' THEN '€' ELSE upper(f.currency) END),
        NULL, NULL, q.created_at + (f.id % 5 + 1) * interval '1 hour', false
      FROM offers f JOIN queries q ON q.id = f.query_id JOIN linked l ON l.id = q.user_id
      WHERE q.id % 10 = 0 AND f.price IS NOT NULL AND l.telegram_on_offer_verified)
    INSERT INTO telegram_messages (kind, user_id, chat_id, html, summary, task_id, contact_date, status, attempts,
      next_attempt_at, last_error, created_at, sent_at)
    SELECT m.kind, m.user_id, m.chat, m.html, m.summary, m.task_id, m.contact_date,
      CASE WHEN m.failed THEN 'failed' ELSE 'sent' END, 1, m.at, CASE WHEN m.failed THEN ${blocked} END, m.at,
      CASE WHEN NOT m.failed THEN m.at + interval '2 seconds' END
    FROM messages m
    ORDER BY m.at, m.user_id, m.kind`),
  );
}

import type { BankStatement, MatchConfidence, StatementFormat, StatementLine } from '@spedycja/domain';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  bankStatementLines,
  bankStatements,
  carrierInvoices,
  carriers,
  customers,
  invoices,
  orders,
} from '../../db/schema/index.ts';
import { iri } from '../../http/hydra.ts';
import type { ParsedLine } from './parse.ts';

export type Match = {
  invoiceId: number | null;
  orderId: number | null;
  carrierInvoiceId?: number | null;
  confidence: MatchConfidence;
} | null;

const squash = (s: string) => s.toUpperCase().replace(/\s+/g, '');
/** Invoice-number-like pieces of a title ('FV 12/11/2026' → '12/11/2026', 'FV/12/11/2026'). */
const numberTokens = (title: string) =>
  title
    .toUpperCase()
    .replace(/\s*\/\s*/g, '/')
    .match(/[A-Z]*\/?\d+(?:\/\d+)+/g) ?? [];
const nipsIn = (text: string) => new Set(text.replace(/[-\s]/g, '').match(/(?<!\d)\d{10}(?!\d)/g) ?? []);

/**
 * The matches of a statement's lines, asked of the database for these lines only (never every open invoice): a
 * credit whose title names an open invoice's number → 'pewne' (read by number through the unique index); else the
 * open invoice of that amount whose customer's NIP is in the title or name, or whose customer has the payer's account
 * → 'do_sprawdzenia' (read by the lines' amounts). A debit → first a carrier's open invoice (a payable, issue 38; not
 * one in a transfer batch, which the batch's own line pays): 'pewne' when the title names its number and the money
 * went to its carrier's account or is what it has due, or when it is the only one of that account with that due
 * amount; 'do_sprawdzenia' when only the number, or the due amount with the account of several, fits. Else the unpaid
 * carrier order of that price whose carrier has that account ('pewne' when it is the only one, 'do_sprawdzenia'
 * otherwise).
 */
export async function matchLines(db: DbOrTx, lines: ParsedLine[]): Promise<Match[]> {
  const creditLines = lines.filter((l) => l.amount > 0);
  const debitLines = lines.filter((l) => l.amount < 0 && l.counterpartyAccount);
  const tokensOf = new Map(creditLines.map((l) => [l, numberTokens(l.title)]));
  const numbers = [
    ...new Set([...tokensOf.values()].flatMap((ts) => ts.flatMap((t) => [t, t.replace(/^[A-Z]+\/?/, '')]))),
  ];
  const openInvoice = {
    id: invoices.id,
    number: invoices.number,
    due: invoices.dueAmount,
    currency: invoices.currency,
    nip: invoices.customerNip,
    accounts: customers.bankAccounts,
  };
  const isOpen = and(eq(invoices.type, 'vat'), eq(invoices.paid, false), gt(invoices.dueAmount, 0));
  const named =
    numbers.length > 0
      ? await db
          .select(openInvoice)
          .from(invoices)
          .leftJoin(customers, eq(customers.id, invoices.customerId))
          .where(and(isOpen, inArray(invoices.number, numbers)))
      : [];
  const byNumber = new Map(named.map((i) => [squash(i.number), i]));
  const byToken = (line: ParsedLine) => {
    for (const token of tokensOf.get(line) ?? []) {
      const hit = byNumber.get(token) ?? byNumber.get(token.replace(/^[A-Z]+\/?/, ''));
      if (hit && hit.currency === line.currency) return hit;
    }
    return undefined;
  };
  const unnamedAmounts = [...new Set(creditLines.filter((l) => !byToken(l)).map((l) => l.amount))];
  const sameAmount =
    unnamedAmounts.length > 0
      ? await db
          .select(openInvoice)
          .from(invoices)
          .leftJoin(customers, eq(customers.id, invoices.customerId))
          .where(and(isOpen, inArray(invoices.dueAmount, unnamedAmounts)))
          .orderBy(asc(invoices.id))
      : [];
  const debitAmounts = [...new Set(debitLines.map((l) => -l.amount))];
  const payables = await openPayables(db, debitLines, debitAmounts);
  const payable =
    debitAmounts.length > 0
      ? await db
          .select({
            id: orders.id,
            price: orders.carrierPrice,
            currency: orders.carrierPriceCurrency,
            accounts: carriers.bankAccounts,
            account: carriers.accountNumber,
          })
          .from(orders)
          .innerJoin(carriers, eq(carriers.id, orders.carrierId))
          .where(and(eq(orders.carrierPaid, false), inArray(orders.carrierPrice, debitAmounts)))
          .orderBy(asc(orders.id))
      : [];
  const grouped = <T, K>(rows: T[], key: (row: T) => K) => {
    const map = new Map<K, T[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return map;
  };
  const invoicesByAmount = grouped(sameAmount, (i) => i.due);
  const ordersByPrice = grouped(payable, (o) => o.price);
  const digits = (a: string | null | undefined) => (a ?? '').replace(/\D/g, '');
  return lines.map((line): Match => {
    if (line.amount > 0) {
      const named = byToken(line);
      if (named) return { invoiceId: named.id, orderId: null, confidence: 'pewne' };
      const nips = nipsIn(`${line.title} ${line.counterpartyName ?? ''}`);
      const hit = (invoicesByAmount.get(line.amount) ?? []).find(
        (i) =>
          i.currency === line.currency &&
          (nips.has(i.nip.replace(/\D/g, '')) ||
            (!!line.counterpartyAccount && (i.accounts ?? []).map(digits).includes(line.counterpartyAccount))),
      );
      return hit ? { invoiceId: hit.id, orderId: null, confidence: 'do_sprawdzenia' } : null;
    }
    const payable = payableMatch(line, payables);
    if (payable) return { invoiceId: null, orderId: null, ...payable };
    if (!line.counterpartyAccount) return null;
    const hits = (ordersByPrice.get(-line.amount) ?? []).filter(
      (o) =>
        o.currency === line.currency &&
        [...(o.accounts ?? []), o.account].map(digits).includes(line.counterpartyAccount as string),
    );
    const first = hits[0];
    if (!first) return null;
    return { invoiceId: null, orderId: first.id, confidence: hits.length === 1 ? 'pewne' : 'do_sprawdzenia' };
  });
}

type OpenPayable = {
  id: number;
  number: string;
  due: number;
  currency: string;
  account: string | null;
  accounts: string[] | null;
  carrierAccount: string | null;
};

/**
 * The carriers' open invoices a statement's debits may pay, asked for these lines only: those whose number a debit's
 * title names, and those whose due amount a debit is. Invoices in a transfer batch are left to their batch's line,
 * correctives to the invoice they correct.
 */
async function openPayables(db: DbOrTx, debits: ParsedLine[], amounts: number[]): Promise<OpenPayable[]> {
  if (debits.length === 0) return [];
  const tokens = [
    ...new Set(debits.flatMap((l) => numberTokens(l.title).flatMap((t) => [t, t.replace(/^[A-Z]+\/?/, '')]))),
  ];
  const named = tokens.length > 0 ? sql`upper(${carrierInvoices.number}) IN ${tokens}` : undefined;
  const byAmount = amounts.length > 0 ? inArray(carrierInvoices.dueAmount, amounts) : undefined;
  const either = named && byAmount ? sql`(${named} OR ${byAmount})` : (named ?? byAmount);
  if (!either) return [];
  return db
    .select({
      id: carrierInvoices.id,
      number: carrierInvoices.number,
      due: carrierInvoices.dueAmount,
      currency: carrierInvoices.currency,
      account: carrierInvoices.bankAccount,
      accounts: carriers.bankAccounts,
      carrierAccount: carriers.accountNumber,
    })
    .from(carrierInvoices)
    .innerJoin(carriers, eq(carriers.id, carrierInvoices.carrierId))
    .where(
      and(
        eq(carrierInvoices.type, 'vat'),
        eq(carrierInvoices.deletionReason, 0),
        gt(carrierInvoices.dueAmount, 0),
        isNull(carrierInvoices.batchId),
        either,
      ),
    )
    .orderBy(asc(carrierInvoices.id));
}

/** NRB digits of an account as a statement writes it ('PL61 1090 …' and '61109…' are one account). */
const nrb = (account: string | null | undefined) => (account ?? '').replace(/\D/g, '');

/** A debit's carrier invoice among the open ones (see matchLines), or undefined. */
function payableMatch(
  line: ParsedLine,
  open: OpenPayable[],
): { carrierInvoiceId: number; confidence: MatchConfidence } | undefined {
  const account = nrb(line.counterpartyAccount);
  const sameCurrency = open.filter((p) => p.currency === line.currency);
  const toAccount = (p: OpenPayable) =>
    account !== '' && [p.account, p.carrierAccount, ...(p.accounts ?? [])].map(nrb).includes(account);
  const tokens = new Set(numberTokens(line.title).flatMap((t) => [t, t.replace(/^[A-Z]+\/?/, '')]));
  const named = sameCurrency.filter((p) => tokens.has(squash(p.number)));
  const sure = named.filter((p) => toAccount(p) || p.due === -line.amount);
  if (sure.length === 1) return { carrierInvoiceId: (sure[0] as OpenPayable).id, confidence: 'pewne' };
  const exact = sameCurrency.filter((p) => p.due === -line.amount && toAccount(p));
  if (exact.length === 1) return { carrierInvoiceId: (exact[0] as OpenPayable).id, confidence: 'pewne' };
  const first = sure[0] ?? named[0] ?? exact[0];
  return first ? { carrierInvoiceId: first.id, confidence: 'do_sprawdzenia' } : undefined;
}

/**
 * Records a statement and its lines (one batched insert; a line read before — its hash taken — is skipped) with
 * their matches. Returns the statement's id and how many lines were already known.
 */
export async function importStatement(
  db: DbOrTx,
  input: { fileName: string; format: StatementFormat; bank: string | null; userId: number | null },
  lines: ParsedLine[],
): Promise<{ id: number; uuid: string; duplicates: number }> {
  const [statement] = await db
    .insert(bankStatements)
    .values({ fileName: input.fileName, format: input.format, bank: input.bank, createdById: input.userId })
    .returning({ id: bankStatements.id, uuid: bankStatements.uuid });
  if (!statement) throw new Error('statement not inserted');
  const matches = await matchLines(db, lines);
  let inserted = 0;
  // One statement per chunk of 1 000 lines (PostgreSQL's limit of bound parameters).
  for (let from = 0; from < lines.length; from += 1000) {
    const rows = lines.slice(from, from + 1000).map((l, i) => {
      const m = matches[from + i] ?? null;
      return {
        statementId: statement.id,
        lineHash: l.hash,
        position: from + i + 1,
        date: l.date,
        amount: l.amount,
        currency: l.currency,
        title: l.title,
        counterpartyName: l.counterpartyName,
        counterpartyAccount: l.counterpartyAccount,
        matchInvoiceId: m?.invoiceId ?? null,
        matchOrderId: m?.orderId ?? null,
        matchCarrierInvoiceId: m?.carrierInvoiceId ?? null,
        matchConfidence: m?.confidence ?? null,
      };
    });
    const done = await db
      .insert(bankStatementLines)
      .values(rows)
      .onConflictDoNothing({ target: bankStatementLines.lineHash })
      .returning({ id: bankStatementLines.id });
    inserted += done.length;
  }
  return { ...statement, duplicates: lines.length - inserted };
}

const payableCarriers = alias(carriers, 'payable_carriers');

/** A statement's lines with their matches (the invoice's or order's number), in the file's order. */
export async function statementLines(db: DbOrTx, statementId: number): Promise<StatementLine[]> {
  // The statement's lines from their index in the file's order, fenced (OFFSET 0): joined as one statement, a
  // statement of 1,234 lines among 40,000 was read by a parallel Seq Scan of every line and sorted (issue 35).
  const l = db
    .select()
    .from(bankStatementLines)
    .where(eq(bankStatementLines.statementId, statementId))
    .orderBy(asc(bankStatementLines.position))
    .offset(0)
    .as('lines');
  const rows = await db
    .select({
      line: {
        uuid: l.uuid,
        date: l.date,
        amount: l.amount,
        currency: l.currency,
        title: l.title,
        counterpartyName: l.counterpartyName,
        counterpartyAccount: l.counterpartyAccount,
        bookedAt: l.bookedAt,
        matchConfidence: l.matchConfidence,
      },
      invoiceUuid: invoices.uuid,
      invoiceNumber: invoices.number,
      invoiceDue: invoices.dueAmount,
      invoiceCustomer: invoices.customerName,
      orderUuid: orders.uuid,
      orderNumber: orders.number,
      carrierName: carriers.companyName,
      payableUuid: carrierInvoices.uuid,
      payableNumber: carrierInvoices.number,
      payableDue: carrierInvoices.dueAmount,
      payableCurrency: carrierInvoices.currency,
      payableCarrier: payableCarriers.companyName,
    })
    .from(l)
    .leftJoin(invoices, eq(invoices.id, l.matchInvoiceId))
    .leftJoin(orders, eq(orders.id, l.matchOrderId))
    .leftJoin(carriers, eq(carriers.id, orders.carrierId))
    // A booked debit shows the carrier invoice it paid, else the one suggested at import.
    .leftJoin(
      carrierInvoices,
      eq(carrierInvoices.id, sql`coalesce(${l.bookedCarrierInvoiceId}, ${l.matchCarrierInvoiceId})`),
    )
    .leftJoin(payableCarriers, eq(payableCarriers.id, carrierInvoices.carrierId))
    .orderBy(asc(l.position));
  return rows.map(({ line, ...r }) => ({
    '@id': iri('bank_statement_lines', line.uuid),
    uuid: line.uuid,
    date: line.date,
    amount: line.amount,
    currency: line.currency,
    title: line.title,
    counterpartyName: line.counterpartyName,
    counterpartyAccount: line.counterpartyAccount,
    bookedAt: line.bookedAt ? line.bookedAt.toISOString() : null,
    match: line.matchConfidence
      ? {
          confidence: line.matchConfidence as MatchConfidence,
          invoice: r.invoiceUuid
            ? {
                '@id': iri('invoices', r.invoiceUuid),
                uuid: r.invoiceUuid,
                number: r.invoiceNumber ?? '',
                dueAmount: r.invoiceDue ?? 0,
                customerName: r.invoiceCustomer ?? '',
              }
            : null,
          order: r.orderUuid
            ? {
                '@id': iri('orders', r.orderUuid),
                uuid: r.orderUuid,
                number: r.orderNumber ?? '',
                carrierName: r.carrierName,
              }
            : null,
          carrierInvoice: r.payableUuid
            ? {
                '@id': iri('carrier_invoices', r.payableUuid),
                uuid: r.payableUuid,
                number: r.payableNumber ?? '',
                dueAmount: r.payableDue ?? 0,
                currency: r.payableCurrency ?? line.currency,
                carrierName: r.payableCarrier,
              }
            : null,
        }
      : null,
  }));
}

/** The statements, newest first, with their line counts (or one by uuid). */
export async function listStatements(db: DbOrTx, uuid?: string): Promise<BankStatement[]> {
  // The counts are kept on the statement by triggers on its lines (issue 35): a list of 200 statements no longer
  // counts every line of each.
  const rows = await db
    .select({ s: bankStatements, lineCount: bankStatements.lineCount, bookedCount: bankStatements.bookedCount })
    .from(bankStatements)
    .where(uuid ? eq(bankStatements.uuid, uuid) : undefined)
    .orderBy(desc(bankStatements.createdAt), desc(bankStatements.id))
    .limit(uuid ? 1 : 200);
  return rows.map(({ s, lineCount, bookedCount }) => ({
    '@id': iri('bank_statements', s.uuid),
    '@type': 'BankStatement',
    uuid: s.uuid,
    fileName: s.fileName,
    format: s.format as StatementFormat,
    bank: s.bank,
    createdAt: s.createdAt.toISOString(),
    lineCount: Number(lineCount),
    bookedCount: Number(bookedCount),
  }));
}

/** Marks a line booked unless it was already (false then): the guard against booking one line twice. */
export async function markLineBooked(
  db: DbOrTx,
  lineId: number,
  target: { invoiceId?: number | null; orderId?: number | null; carrierInvoiceId?: number | null },
): Promise<boolean> {
  const done = await db
    .update(bankStatementLines)
    .set({
      bookedAt: sql`now()`,
      bookedInvoiceId: target.invoiceId ?? null,
      bookedOrderId: target.orderId ?? null,
      bookedCarrierInvoiceId: target.carrierInvoiceId ?? null,
    })
    .where(and(eq(bankStatementLines.id, lineId), isNull(bankStatementLines.bookedAt)))
    .returning({ id: bankStatementLines.id });
  return done.length === 1;
}

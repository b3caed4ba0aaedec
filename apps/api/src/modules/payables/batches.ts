import {
  bankAccountError,
  mppTitle,
  payablesMessages as msg,
  type TransferBatch,
  type TransferBatchCreateData,
  type TransferRefusal,
  verificationMessages as vm,
  WHITELIST_CHECK_DAILY_LIMIT,
  WHITELIST_NEAR_LIMIT,
  WHITELIST_THRESHOLD,
  type WhitelistLineStatus,
} from '@spedycja/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bankStatementLines,
  carrierInvoices,
  carriers,
  transferBatches,
  transferLineInvoices,
  transferLines,
  verifications,
  whitelistDailyCounter,
} from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { iri, uuidFromIri } from '../../http/hydra.ts';
import { IntegrationError } from '../../integrations/errors.ts';
import { WL_BULK_MAX, WlRefusal } from '../../integrations/whitelist/types.ts';
import { warsawDay } from '../../warsawDay.ts';
import { bookCarrierInvoicePayment } from '../receivables/service.ts';
import { readSetting } from '../settings/repository.ts';
import type { Registers } from '../verification/registers.ts';
import { countWhitelist, polishNip } from '../verification/service.ts';
import { type BankFileBatch, elixirFile, pain001File } from './bankFiles.ts';
import { grossPln, refreshCarrierInvoice } from './service.ts';

/**
 * Issue 38: 'Przygotuj przelewy'. The chosen invoices become transfers: one per carrier, account and currency (its
 * invoices' numbers in the title, split when the title would pass 140 characters), one per invoice paid with split
 * payment (MPP: the banks' /VAT/…/IDC/…/INV/…/TXT/… title names one invoice). Each transfer of more than 15 000 zł
 * gross to a Polish carrier has its account checked on the VAT white list of the day — NIPs asked 30 at once, as
 * the list's /api/search/nips/ allows; past the day's 10 searches, one account at a time through its /api/check/ —
 * and the request id kept with the line as the proof; an account the list does
 * not confirm stops the line's invoices unless an admin gives a reason. The invoices of a batch are locked
 * ('w paczce') until it is cancelled (with a reason) or paid.
 */

type InvoiceRow = typeof carrierInvoices.$inferSelect;
type CarrierRow = typeof carriers.$inferSelect;

type Draft = {
  carrier: CarrierRow;
  account: string;
  currency: string;
  mpp: boolean;
  invoices: InvoiceRow[];
};

const TITLE_MAX = 140;

const titleOf = (invoices: InvoiceRow[]) =>
  `${invoices.length > 1 ? 'Faktury' : 'Faktura'} ${invoices.map((i) => i.number).join(', ')}`;

/** The gross of a line's invoices in PLN hundredths, the largest invoice's too (the rule is per transaction). */
const aboveThreshold = (invoices: InvoiceRow[]) =>
  invoices.some((i) => (grossPln(i) ?? 0) > WHITELIST_THRESHOLD) ||
  invoices.reduce((s, i) => s + i.dueAmount, 0) > WHITELIST_THRESHOLD;

type WhitelistAnswer = { accounts: Set<string>; requestId: string } | { unavailable: string } | { byAccount: true };

/** The list's subjects for these NIPs today, asked 30 at a time; a failure answers 'unavailable' for its NIPs. */
async function searchWhitelist(db: DbOrTx, registers: Registers, nips: string[]) {
  const answers = new Map<string, WhitelistAnswer>();
  const day = warsawDay();
  for (let i = 0; i < nips.length; i += WL_BULK_MAX) {
    const chunk = nips.slice(i, i + WL_BULK_MAX);
    try {
      await countWhitelist(db, 'searches');
      const found = await registers.whitelist.searchNips(chunk, day);
      for (const entry of found.entries) {
        answers.set(entry.identifier, {
          accounts: new Set(entry.subject?.accountNumbers ?? []),
          requestId: found.requestId,
        });
      }
    } catch (error) {
      if (!(error instanceof IntegrationError || error instanceof WlRefusal || error instanceof AppError)) throw error;
      // The day's searches used up (the list allows 10 a day): the rest are asked one account at a time (5 000).
      const limited =
        (error instanceof AppError && error.status === 429) || (error instanceof WlRefusal && error.limit);
      for (const nip of nips.slice(i)) answers.set(nip, limited ? { byAccount: true } : { unavailable: error.message });
      if (limited) break;
    }
  }
  return answers;
}

/**
 * Counts `n` account checks against the day's limit at once (as countWhitelist does one at a time); answers why not
 * when the day's checks would pass it.
 */
async function reserveChecks(db: DbOrTx, n: number): Promise<string | null> {
  const day = warsawDay();
  const [row] = await db.select().from(whitelistDailyCounter).where(eq(whitelistDailyCounter.day, day));
  const used = row?.checks ?? 0;
  if (used + n > Math.floor(WHITELIST_CHECK_DAILY_LIMIT * WHITELIST_NEAR_LIMIT)) {
    return vm.whitelistLimitNear(used, WHITELIST_CHECK_DAILY_LIMIT);
  }
  await db
    .insert(whitelistDailyCounter)
    .values({ day, checks: n })
    .onConflictDoUpdate({
      target: whitelistDailyCounter.day,
      set: { checks: sql`${whitelistDailyCounter.checks} + ${n}` },
    });
  return null;
}

/** One account asked of the list (its /api/check/ call, counted beforehand), when the day's searches are used up. */
async function checkOne(registers: Registers, nip: string, account: string): Promise<WhitelistAnswer> {
  try {
    const check = await registers.whitelist.checkAccount(nip, account, warsawDay());
    return { accounts: new Set(check.accountAssigned ? [account] : []), requestId: check.requestId };
  } catch (error) {
    if (!(error instanceof IntegrationError || error instanceof WlRefusal || error instanceof AppError)) throw error;
    return { unavailable: error.message };
  }
}

export async function prepareBatch(
  db: DbOrTx,
  registers: Registers,
  body: TransferBatchCreateData,
  me: { id: number },
): Promise<string> {
  const refused: TransferRefusal[] = [];
  const wanted = [...new Set(body.invoices)];
  if (wanted.length === 0) {
    throw new AppError(422, 'validation_failed', msg.batchEmpty, [
      { propertyPath: 'invoices', message: msg.batchEmpty },
    ]);
  }
  const uuidOf = (value: string) => uuidFromIri(value, 'carrier_invoices') ?? '';
  const uuids = wanted.map(uuidOf);
  const rows = await db
    .select()
    .from(carrierInvoices)
    .where(inArray(carrierInvoices.uuid, uuids.filter(Boolean)))
    .orderBy(asc(carrierInvoices.id))
    .for('update');
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  const mppSet = new Set((body.mpp ?? []).map((v) => uuidOf(v ?? '')));
  const overrides = new Map((body.whitelistOverrides ?? []).map((o) => [uuidOf(o.invoice), o.reason]));
  for (const uuid of mppSet) {
    if (!uuids.includes(uuid)) {
      throw new AppError(422, 'validation_failed', msg.mppNotListed, [
        { propertyPath: 'mpp', message: msg.mppNotListed },
      ]);
    }
  }
  const carrierIds = [...new Set(rows.map((r) => r.carrierId))];
  const carrierRows = carrierIds.length ? await db.select().from(carriers).where(inArray(carriers.id, carrierIds)) : [];
  const carrierById = new Map(carrierRows.map((c) => [c.id, c]));

  const numberOf = new Map(rows.map((r) => [iri('carrier_invoices', r.uuid), r.number]));
  const refuse = (invoice: string, code: string, message: string) => {
    const number = numberOf.get(invoice);
    refused.push(number ? { invoice, number, code, message } : { invoice, code, message });
  };
  const drafts = new Map<string, Draft>();
  const mppDrafts: Draft[] = [];
  for (const [i, value] of wanted.entries()) {
    const row = byUuid.get(uuids[i] ?? '');
    const ref = row ? iri('carrier_invoices', row.uuid) : value;
    if (!row || row.deletionReason > 0) refuse(ref, 'not_found', msg.invoiceNotFound);
    else if (row.type === 'corrective') refuse(ref, 'corrective', msg.correctivePaysThroughParent);
    else if (row.dueAmount <= 0) refuse(ref, 'paid', msg.alreadyPaid);
    else if (row.batchId !== null) refuse(ref, 'in_batch', msg.inBatch);
    else if (!row.dueDate) refuse(ref, 'no_documents', msg.waitsForDocumentsRefused);
    else if (!row.bankAccount) refuse(ref, 'no_account', msg.accountRequired);
    else if (bankAccountError(row.bankAccount)) refuse(ref, 'account_invalid', msg.accountInvalid);
    else {
      const carrier = carrierById.get(row.carrierId) as CarrierRow;
      const mpp = mppSet.has(row.uuid);
      if (mpp && row.currency !== 'pln') refuse(ref, 'mpp_not_pln', msg.mppNotPln);
      else if (mpp && row.vatAmount <= 0) refuse(ref, 'mpp_no_vat', msg.mppNoVat);
      else if (mpp) mppDrafts.push({ carrier, account: row.bankAccount, currency: row.currency, mpp, invoices: [row] });
      else {
        const key = `${row.carrierId}:${row.bankAccount}:${row.currency}`;
        const draft = drafts.get(key) ?? {
          carrier,
          account: row.bankAccount,
          currency: row.currency,
          mpp,
          invoices: [],
        };
        // A title past 140 characters starts another transfer.
        if (draft.invoices.length && titleOf([...draft.invoices, row]).length > TITLE_MAX) {
          mppDrafts.push(draft);
          drafts.set(key, { carrier, account: row.bankAccount, currency: row.currency, mpp, invoices: [row] });
        } else {
          draft.invoices.push(row);
          drafts.set(key, draft);
        }
      }
    }
  }
  // The transfers in the order their first invoice was chosen.
  const rank = new Map(uuids.map((u, i) => [u, i]));
  const lines = [...drafts.values(), ...mppDrafts].sort(
    (a, b) => (rank.get(a.invoices[0]?.uuid ?? '') ?? 0) - (rank.get(b.invoices[0]?.uuid ?? '') ?? 0),
  );

  // The white list, for the lines that need it: Polish carriers, PLN, over the threshold.
  const needs = (d: Draft) =>
    (!d.carrier.country || d.carrier.country === 'PL') && d.currency === 'pln' && aboveThreshold(d.invoices);
  const nips = [...new Set(lines.filter(needs).map((d) => polishNip(d.carrier) ?? ''))].filter(Boolean);
  const answers = nips.length ? await searchWhitelist(db, registers, nips) : new Map<string, WhitelistAnswer>();

  // Past the day's searches: the accounts asked one at a time, ten requests at once.
  const byAccount = new Map<string, WhitelistAnswer>();
  const asks = lines
    .filter(needs)
    .map((d) => ({ nip: polishNip(d.carrier), account: d.account.replace(/^PL/i, '') }))
    .filter((a): a is { nip: string; account: string } => {
      const answer = a.nip ? answers.get(a.nip) : undefined;
      return !!answer && 'byAccount' in answer;
    });
  const reserved = asks.length ? await reserveChecks(db, asks.length) : null;
  for (let i = 0; i < asks.length; i += 10) {
    const group = asks.slice(i, i + 10);
    const got = reserved
      ? [{ unavailable: reserved }]
      : await Promise.all(group.map((a) => checkOne(registers, a.nip, a.account)));
    for (const [j, a] of group.entries()) {
      byAccount.set(`${a.nip}:${a.account}`, (got[j] ?? got[0]) as WhitelistAnswer);
    }
  }

  type Checked = Draft & { status: WhitelistLineStatus; requestId: string | null; overrideReason: string | null };
  const checked: Checked[] = [];
  const proofs: (typeof verifications.$inferInsert)[] = [];
  for (const d of lines) {
    if (!(!d.carrier.country || d.carrier.country === 'PL')) {
      checked.push({ ...d, status: 'foreign', requestId: null, overrideReason: null });
      continue;
    }
    if (!needs(d)) {
      checked.push({ ...d, status: 'not_required', requestId: null, overrideReason: null });
      continue;
    }
    const nip = polishNip(d.carrier);
    const account = d.account.replace(/^PL/i, '');
    let answer = nip ? answers.get(nip) : undefined;
    if (nip && answer && 'byAccount' in answer) answer = byAccount.get(`${nip}:${account}`);
    const confirmed = !!answer && 'accounts' in answer && answer.accounts.has(account);
    const requestId = answer && 'requestId' in answer ? answer.requestId : null;
    const reason = d.invoices.map((i) => overrides.get(i.uuid)).find((r) => !!r) ?? null;
    // The proof of each line, in the carrier's checks (stored together below, refusals included).
    proofs.push({
      carrierId: d.carrier.id,
      source: 'whitelist',
      outcome: confirmed ? 'ok' : answer && 'unavailable' in answer ? 'unavailable' : 'failed',
      asked: {
        kind: 'account',
        nip,
        account,
        amountGrossPln: d.invoices.reduce((s, i) => s + (grossPln(i) ?? 0), 0),
      },
      answer:
        answer && 'unavailable' in answer
          ? { accountAssigned: null, reason: answer.unavailable }
          : { accountAssigned: confirmed ? 'TAK' : 'NIE' },
      proofId: requestId,
      overrideReason: !confirmed && reason ? reason : null,
      checkedById: me.id,
      checkedOn: warsawDay(),
    });
    if (confirmed) checked.push({ ...d, status: 'confirmed', requestId, overrideReason: null });
    else if (reason) checked.push({ ...d, status: 'overridden', requestId, overrideReason: reason });
    else {
      for (const invoice of d.invoices) {
        refuse(iri('carrier_invoices', invoice.uuid), 'whitelist_unconfirmed', msg.whitelistRefused);
      }
    }
  }
  if (proofs.length) await db.insert(verifications).values(proofs);
  if (checked.length === 0) {
    throw new AppError(
      422,
      'validation_failed',
      msg.batchNothing,
      refused.map((r) => ({
        propertyPath: `invoices[${Math.max(0, wanted.indexOf(r.invoice))}]`,
        message: r.number ? `${r.number}: ${r.message}` : r.message,
      })),
      { refused } as never,
    );
  }

  const [batch] = await db
    .insert(transferBatches)
    .values({ executionDate: body.executionDate ?? warsawDay(), refused, createdById: me.id })
    .returning();
  if (!batch) throw new Error('batch not stored');
  // The lines, their invoices and the invoices' hold, each in one statement (a batch of 500 is three round trips).
  const stored = await db
    .insert(transferLines)
    .values(
      checked.map((line, i) => {
        const vat = line.invoices.reduce((s, inv) => s + inv.vatAmount, 0);
        const only = line.invoices[0] as InvoiceRow;
        return {
          batchId: batch.id,
          position: i + 1,
          carrierId: line.carrier.id,
          account: line.account,
          amount: line.invoices.reduce((s, inv) => s + inv.dueAmount, 0),
          currency: line.currency,
          title: line.mpp
            ? mppTitle(vat, polishNip(line.carrier) ?? '', only.number, 'Zaplata za transport')
            : titleOf(line.invoices),
          mpp: line.mpp,
          vatAmount: vat,
          whitelistStatus: line.status,
          whitelistRequestId: line.requestId,
          overrideReason: line.overrideReason,
        };
      }),
    )
    .returning({ id: transferLines.id, position: transferLines.position });
  const idOf = new Map(stored.map((l) => [l.position, l.id]));
  await db.insert(transferLineInvoices).values(
    checked.flatMap((line, i) =>
      line.invoices.map((inv) => ({
        lineId: idOf.get(i + 1) as number,
        carrierInvoiceId: inv.id,
        amount: inv.dueAmount,
      })),
    ),
  );
  await db
    .update(carrierInvoices)
    .set({ batchId: batch.id })
    .where(
      inArray(
        carrierInvoices.id,
        checked.flatMap((line) => line.invoices.map((inv) => inv.id)),
      ),
    );
  return batch.uuid;
}

export async function readBatch(db: DbOrTx, uuid: string): Promise<TransferBatch | undefined> {
  const [batch] = await db.select().from(transferBatches).where(eq(transferBatches.uuid, uuid));
  if (!batch) return undefined;
  const lines = await db
    .select({ line: transferLines, carrier: carriers })
    .from(transferLines)
    .innerJoin(carriers, eq(carriers.id, transferLines.carrierId))
    .where(eq(transferLines.batchId, batch.id))
    .orderBy(asc(transferLines.position));
  const invoices = lines.length
    ? await db
        .select({
          lineId: transferLineInvoices.lineId,
          amount: transferLineInvoices.amount,
          uuid: carrierInvoices.uuid,
          number: carrierInvoices.number,
        })
        .from(transferLineInvoices)
        .innerJoin(carrierInvoices, eq(carrierInvoices.id, transferLineInvoices.carrierInvoiceId))
        .where(
          inArray(
            transferLineInvoices.lineId,
            lines.map((l) => l.line.id),
          ),
        )
        .orderBy(asc(carrierInvoices.id))
    : [];
  const totals = new Map<string, { currency: string; amount: number; count: number }>();
  for (const { line } of lines) {
    const t = totals.get(line.currency) ?? { currency: line.currency, amount: 0, count: 0 };
    t.amount += line.amount;
    t.count += 1;
    totals.set(line.currency, t);
  }
  return {
    '@id': iri('transfer_batches', batch.uuid),
    '@type': 'TransferBatch',
    uuid: batch.uuid,
    version: batch.version,
    status: batch.status as TransferBatch['status'],
    executionDate: batch.executionDate,
    lines: lines.map(({ line, carrier }) => ({
      uuid: line.uuid,
      invoices: invoices
        .filter((i) => i.lineId === line.id)
        .map((i) => ({ '@id': iri('carrier_invoices', i.uuid), uuid: i.uuid, number: i.number, amount: i.amount })),
      carrier: {
        '@id': iri('carriers', carrier.uuid),
        uuid: carrier.uuid,
        name: carrier.companyName ?? carrier.name,
        nip: carrier.nip,
      },
      account: line.account,
      amount: line.amount,
      currency: line.currency,
      title: line.title,
      mpp: line.mpp,
      vatAmount: line.vatAmount,
      whitelist: {
        status: line.whitelistStatus as WhitelistLineStatus,
        requestId: line.whitelistRequestId,
        overrideReason: line.overrideReason,
      },
      paid: line.paidAt !== null,
    })),
    refused: batch.refused,
    totals: [...totals.values()],
    exportedAt: batch.exportedAt?.toISOString() ?? null,
    cancelReason: batch.cancelReason,
    createdAt: batch.createdAt.toISOString(),
  };
}

/** The file of a batch: written at the first export and kept, so that every later export gives the same bytes. */
export async function batchFile(db: DbOrTx, uuid: string, format: 'elixir' | 'pain001'): Promise<Buffer> {
  const [batch] = await db.select().from(transferBatches).where(eq(transferBatches.uuid, uuid)).for('update');
  if (!batch) throw new AppError(404, 'not_found', msg.invoiceNotFound);
  if (batch.status === 'anulowana') throw new AppError(409, 'cancelled', msg.batchCancelled);
  const kept = format === 'elixir' ? batch.elixirFile : batch.pain001File;
  if (kept) return Buffer.from(kept, 'base64');
  const lines = await db
    .select({ line: transferLines, carrier: carriers })
    .from(transferLines)
    .innerJoin(carriers, eq(carriers.id, transferLines.carrierId))
    .where(eq(transferLines.batchId, batch.id))
    .orderBy(asc(transferLines.position));
  if (format === 'elixir' && !lines.some((l) => l.line.currency === 'pln')) {
    throw new AppError(422, 'validation_failed', msg.elixirNotPln, [
      { propertyPath: 'format', message: msg.elixirNotPln },
    ]);
  }
  const account = (await readSetting(db, 'companyBankAccount'))?.replace(/\s/g, '') ?? '';
  if (!account || bankAccountError(account)) {
    throw new AppError(409, 'settings_missing', msg.companyAccountRequired);
  }
  const setting = async (key: string) => (await readSetting(db, key)) ?? '';
  const file: BankFileBatch = {
    id: batch.uuid,
    executionDate: batch.executionDate,
    createdAt: batch.createdAt.toISOString(),
    payer: {
      name: await setting('companyName'),
      address: [
        await setting('companyStreetAddress'),
        `${await setting('companyPostalCode')} ${await setting('companyCity')}`.trim(),
      ],
      account,
      nip: await setting('companyNip'),
    },
    lines: lines.map(({ line, carrier }) => ({
      reference: `P${batch.id}L${line.position}`,
      account: line.account,
      amount: line.amount,
      currency: line.currency,
      title: line.title,
      mpp: line.mpp,
      payeeName: carrier.companyName ?? carrier.name ?? '',
      payeeAddress: [carrier.streetAddress ?? '', `${carrier.postalCode ?? ''} ${carrier.city ?? ''}`.trim()].filter(
        Boolean,
      ),
      payeeCountry: carrier.country ?? 'PL',
    })),
  };
  const bytes = format === 'elixir' ? elixirFile(file) : pain001File(file);
  await db
    .update(transferBatches)
    .set({
      [format === 'elixir' ? 'elixirFile' : 'pain001File']: bytes.toString('base64'),
      status: batch.status === 'przygotowana' ? 'wyeksportowana' : batch.status,
      exportedAt: batch.exportedAt ?? new Date(),
    })
    .where(eq(transferBatches.id, batch.id));
  return bytes;
}

/** Cancelling frees the batch's invoices (their 'w paczce' hold), with the reason kept. */
export async function cancelBatch(db: DbOrTx, uuid: string, reason: string) {
  const [batch] = await db.select().from(transferBatches).where(eq(transferBatches.uuid, uuid)).for('update');
  if (!batch) return false;
  if (batch.status === 'anulowana') throw new AppError(409, 'cancelled', msg.batchCancelled);
  if (batch.status === 'oplacona') throw new AppError(409, 'paid', msg.batchPaid);
  const paidLines = await db
    .select({ id: transferLines.id })
    .from(transferLines)
    .where(and(eq(transferLines.batchId, batch.id), sql`${transferLines.paidAt} IS NOT NULL`));
  if (paidLines.length) throw new AppError(409, 'paid', msg.batchPaid);
  await db
    .update(transferBatches)
    .set({ status: 'anulowana', cancelledAt: new Date(), cancelReason: reason })
    .where(eq(transferBatches.id, batch.id));
  const held = await db
    .select({ id: carrierInvoices.id })
    .from(carrierInvoices)
    .where(eq(carrierInvoices.batchId, batch.id));
  await db.update(carrierInvoices).set({ batchId: null }).where(eq(carrierInvoices.batchId, batch.id));
  for (const h of held) await refreshCarrierInvoice(db, h.id);
  return true;
}

/** A line paid: each of its invoices gets its payment in the ledger (the statement's line when one matched). */
export async function payLine(
  db: DbOrTx,
  lineId: number,
  date: string,
  userId: number | null,
  statementLineId: number | null,
) {
  const [line] = await db.select().from(transferLines).where(eq(transferLines.id, lineId)).for('update');
  if (!line || line.paidAt) return false;
  const parts = await db.select().from(transferLineInvoices).where(eq(transferLineInvoices.lineId, lineId));
  for (const part of parts) {
    await bookCarrierInvoicePayment(db, part.carrierInvoiceId, {
      date,
      amount: part.amount,
      currency: line.currency,
      method: 'przelew',
      note: msg.transferNote,
      userId,
      statementLineId,
      transferLineId: line.id,
    });
  }
  await db.update(transferLines).set({ paidAt: new Date() }).where(eq(transferLines.id, lineId));
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transferLines)
    .where(and(eq(transferLines.batchId, line.batchId), isNull(transferLines.paidAt)));
  if (open?.n === 0) {
    await db.update(transferBatches).set({ status: 'oplacona' }).where(eq(transferBatches.id, line.batchId));
  }
  return true;
}

/** 'Wysłana i opłacona': every open line of an exported batch paid on a day. */
export async function markBatchPaid(db: DbOrTx, uuid: string, date: string, userId: number) {
  const [batch] = await db.select().from(transferBatches).where(eq(transferBatches.uuid, uuid)).for('update');
  if (!batch) return false;
  if (batch.status === 'anulowana') throw new AppError(409, 'cancelled', msg.batchCancelled);
  if (batch.status === 'oplacona') throw new AppError(409, 'paid', msg.batchPaid);
  const open = await db
    .select({ id: transferLines.id })
    .from(transferLines)
    .where(and(eq(transferLines.batchId, batch.id), isNull(transferLines.paidAt)))
    .orderBy(asc(transferLines.position));
  for (const line of open) await payLine(db, line.id, date, userId, null);
  return true;
}

/**
 * A bank statement's debits that pay the office's own exported transfers, booked at import: a line of a batch not yet
 * paid (the same account, as NRB, and amount, in its currency) pays its invoices, and the debit is marked booked.
 * Answers how many were paid. Other debits are matched, not booked (statements/service.ts matchLines).
 */
export async function payLinesFromStatement(db: DbOrTx, statementId: number, userId: number | null) {
  const debits = await db
    .select()
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.statementId, statementId),
        sql`${bankStatementLines.amount} < 0`,
        isNull(bankStatementLines.bookedAt),
        sql`${bankStatementLines.counterpartyAccount} IS NOT NULL`,
      ),
    )
    .orderBy(asc(bankStatementLines.position));
  let paid = 0;
  for (const debit of debits) {
    const account = (debit.counterpartyAccount ?? '').replace(/\s/g, '').replace(/^PL/i, '');
    const [line] = await db
      .select({ id: transferLines.id })
      .from(transferLines)
      .innerJoin(transferBatches, eq(transferBatches.id, transferLines.batchId))
      .where(
        and(
          isNull(transferLines.paidAt),
          sql`regexp_replace(${transferLines.account}, '^PL', '') = ${account}`,
          eq(transferLines.amount, -debit.amount),
          eq(transferLines.currency, debit.currency),
          inArray(transferBatches.status, ['przygotowana', 'wyeksportowana']),
        ),
      )
      .orderBy(asc(transferLines.id))
      .limit(1);
    // A debit paid outside a batch is not booked here: the statement's screen suggests its carrier invoice (its
    // number in the title, its account and due amount: statements/service.ts) and the admin books it.
    if (line && (await payLine(db, line.id, debit.date, userId, debit.id))) {
      await db.update(bankStatementLines).set({ bookedAt: new Date() }).where(eq(bankStatementLines.id, debit.id));
      paid++;
    }
  }
  return paid;
}

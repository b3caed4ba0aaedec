import multipart from '@fastify/multipart';
import {
  CSV_MAPPING_COLUMNS,
  type CsvMapping,
  formatDate,
  formatMoney,
  looksLikeMt940,
  statementsMessages as msg,
  type SavedCsvMapping,
  type StatementLineNote,
  statementBookSchema,
} from '@spedycja/domain';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { writeHistoryLine } from '../../db/history.ts';
import {
  bankCsvMappings,
  bankStatementLines,
  bankStatements,
  carrierInvoiceOrders,
  carrierInvoices,
  carriers,
  invoices,
  orders,
} from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { adminOnly, requestIsAdmin } from '../../http/auth.ts';
import { AppError, fieldViolation, notFound, unprocessable } from '../../http/errors.ts';
import { collection, iri, uuidFromIri } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { payLinesFromStatement } from '../payables/batches.ts';
import { bookCarrierInvoicePayment, bookCarrierPayment, bookInvoicePayment } from '../receivables/service.ts';
import { checkCarrierPayment } from '../verification/payment.ts';
import type { Registers } from '../verification/registers.ts';
import { decodeStatement, parseCsv, parseMt940 } from './parse.ts';
import { importStatement, listStatements, markLineBooked, statementLines } from './service.ts';
import { readStatementUpload, statementUploadOf } from './upload.ts';

/** One line of a booking request, as validated. */
type BookLine = NonNullable<z.infer<typeof statementBookSchema>['lines']>[number];

/**
 * Issue 26 (admins): a bank statement read in (MT940 or CSV with a mapping saved per bank) in one transaction, its
 * lines matched to open invoices and carriers' payables; the chosen lines booked through the receivables service. A
 * debit paid to a carrier goes through the white-list check before paying (modules/verification/payment.ts), as
 * POST /api/carrier_payments does: a line it refuses (above 15 000 zł gross to an account not confirmed, without the
 * admin's reason for that line) is not booked and is named in the answer's `refused` with the Polish reason; the
 * other lines are booked.
 */
export async function statementsRoutes(app: FastifyInstance, { db, registers }: { db: Db; registers: Registers }) {
  await app.register(multipart);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bank statements'];

  const loadStatement = async (uuid: string) => {
    const [statement] = await listStatements(db, uuid);
    if (!statement) throw notFound();
    const [row] = await db.select({ id: bankStatements.id }).from(bankStatements).where(eq(bankStatements.uuid, uuid));
    return { ...statement, lines: await statementLines(db, row?.id ?? 0) };
  };

  r.get('/api/bank_statements', { config: adminOnly, schema: { tags } }, async (request) => {
    const members = await listStatements(db);
    return collection(request.url, members, members.length, {
      paginated: false,
      page: 1,
      itemsPerPage: members.length,
    });
  });

  /** The CSV mappings saved per bank: the screen offers a bank's again when that bank is chosen. */
  r.get('/api/bank_csv_mappings', { config: adminOnly, schema: { tags } }, async (request) => {
    const rows = await db.select().from(bankCsvMappings).orderBy(asc(bankCsvMappings.bank));
    const members: SavedCsvMapping[] = rows.map((row) => ({
      bank: row.bank,
      mapping: row.mapping as CsvMapping,
      updatedAt: row.updatedAt.toISOString(),
    }));
    return collection(request.url, members, members.length, {
      paginated: false,
      page: 1,
      itemsPerPage: members.length,
    });
  });

  r.get('/api/bank_statements/:id', { config: adminOnly, schema: { tags, params: idParams } }, (request) =>
    loadStatement(uuidParam(request.params.id)),
  );

  r.post(
    '/api/bank_statements',
    {
      config: { ...adminOnly, beforeTransaction: readStatementUpload },
      schema: { tags, consumes: ['multipart/form-data'] },
    },
    async (request, reply) => {
      const upload = statementUploadOf(request);
      const text = decodeStatement(upload.data);
      const format = upload.format ?? (looksLikeMt940(text) ? 'mt940' : 'csv');
      let mapping: CsvMapping | undefined;
      if (format === 'csv') {
        const given = upload.mapping ?? {};
        const [saved] = given.bank
          ? await db.select().from(bankCsvMappings).where(eq(bankCsvMappings.bank, given.bank))
          : [];
        // Columns given replace the bank's saved mapping (a column left out is dropped, not kept from before);
        // a bank's name alone takes its saved one.
        const givesColumns = CSV_MAPPING_COLUMNS.some((column) => given[column] !== undefined);
        mapping = givesColumns ? given : { ...((saved?.mapping as CsvMapping | undefined) ?? {}), ...given };
        if (mapping.date === undefined || mapping.amount === undefined || mapping.title === undefined) {
          throw fieldViolation('mapping', msg.mappingRequired);
        }
      }
      const lines = format === 'mt940' ? parseMt940(text) : parseCsv(text, mapping as CsvMapping);
      if (lines.length === 0) throw new AppError(400, 'bad_request', msg.noLines);
      if (mapping?.bank && upload.mapping && Object.keys(upload.mapping).length > 1) {
        // The mapping given with a bank's name is saved for that bank's next file.
        await db
          .insert(bankCsvMappings)
          .values({ bank: mapping.bank, mapping })
          .onConflictDoUpdate({ target: bankCsvMappings.bank, set: { mapping, updatedAt: new Date() } });
      }
      const statement = await importStatement(
        db,
        { fileName: upload.fileName, format, bank: mapping?.bank ?? null, userId: await actorId(db, request) },
        lines,
      );
      // Issue 38: a debit paying an exported transfer (its account and amount) pays the transfer's invoices.
      const transfersPaid = await payLinesFromStatement(db, statement.id, await actorId(db, request));
      // The statement's history: who read it in and when (the line's own), the file, how many lines.
      await writeHistoryLine(db, {
        resource: 'bank_statements',
        recordUuid: statement.uuid,
        action: 'import',
        changes: [
          { field: 'fileName', from: null, to: upload.fileName },
          { field: 'lineCount', from: null, to: lines.length - statement.duplicates },
          { field: 'duplicateCount', from: null, to: statement.duplicates },
        ],
      });
      return reply
        .code(201)
        .send({ ...(await loadStatement(statement.uuid)), duplicateCount: statement.duplicates, transfersPaid });
    },
  );

  r.post(
    '/api/bank_statements/:id/book',
    { config: adminOnly, schema: { tags, params: idParams, body: statementBookSchema } },
    async (request) => {
      const uuid = uuidParam(request.params.id);
      const [statement] = await db.select().from(bankStatements).where(eq(bankStatements.uuid, uuid));
      if (!statement) throw notFound();
      // Without `lines`: every line not yet booked whose match is 'pewne', on that match.
      const wanted =
        request.body.lines ??
        (
          await db
            .select({ uuid: bankStatementLines.uuid })
            .from(bankStatementLines)
            .where(
              and(
                eq(bankStatementLines.statementId, statement.id),
                eq(bankStatementLines.matchConfidence, 'pewne'),
                isNull(bankStatementLines.bookedAt),
              ),
            )
            .orderBy(asc(bankStatementLines.id))
        ).map((l) => ({ line: iri('bank_statement_lines', l.uuid) }) as BookLine);
      const lineUuids = wanted.map((w) => uuidFromIri(w.line as string, 'bank_statement_lines') ?? '');
      const lines = await db
        .select()
        .from(bankStatementLines)
        .where(and(eq(bankStatementLines.statementId, statement.id), inArray(bankStatementLines.uuid, lineUuids)));
      const byUuid = new Map(lines.map((l) => [l.uuid, l]));
      const invoiceUuids = wanted
        .map((w) => (w.invoice ? uuidFromIri(w.invoice, 'invoices') : null))
        .filter((u): u is string => !!u);
      const orderUuids = wanted
        .map((w) => (w.order ? uuidFromIri(w.order, 'orders') : null))
        .filter((u): u is string => !!u);
      const invoiceRows = invoiceUuids.length
        ? await db.select().from(invoices).where(inArray(invoices.uuid, invoiceUuids))
        : [];
      const orderRows = orderUuids.length ? await db.select().from(orders).where(inArray(orders.uuid, orderUuids)) : [];
      const invoiceByUuid = new Map(invoiceRows.map((i) => [i.uuid, i]));
      const invoiceById = new Map(invoiceRows.map((i) => [i.id, i]));
      const orderByUuid = new Map(orderRows.map((o) => [o.uuid, o]));
      // The lines' own matches, when the request names no invoice/order for them.
      const matchedInvoiceIds = lines
        .map((l) => l.matchInvoiceId)
        .filter((id): id is number => !!id && !invoiceById.has(id));
      if (matchedInvoiceIds.length) {
        for (const i of await db.select().from(invoices).where(inArray(invoices.id, matchedInvoiceIds)))
          invoiceById.set(i.id, i);
      }
      const matchedOrderIds = lines.map((l) => l.matchOrderId).filter((id): id is number => !!id);
      const orderById = new Map(
        (matchedOrderIds.length ? await db.select().from(orders).where(inArray(orders.id, matchedOrderIds)) : []).map(
          (o) => [o.id, o],
        ),
      );
      for (const o of orderRows) orderById.set(o.id, o);
      // Issue 38: the carriers' invoices the debits are booked to (named, or the lines' own matches), with the order
      // each is checked against the white list through (its first order: its carrier, its account, its gross).
      const payableUuids = wanted
        .map((w) => (w.carrierInvoice ? uuidFromIri(w.carrierInvoice, 'carrier_invoices') : null))
        .filter((u): u is string => !!u);
      const payableIds = lines.map((l) => l.matchCarrierInvoiceId).filter((id): id is number => !!id);
      const payableRows =
        payableUuids.length || payableIds.length
          ? await db
              .select({ invoice: carrierInvoices, carrierName: carriers.companyName })
              .from(carrierInvoices)
              .innerJoin(carriers, eq(carriers.id, carrierInvoices.carrierId))
              .where(
                or(
                  payableUuids.length ? inArray(carrierInvoices.uuid, payableUuids) : undefined,
                  payableIds.length ? inArray(carrierInvoices.id, payableIds) : undefined,
                ),
              )
          : [];
      const payableByUuid = new Map(payableRows.map((p) => [p.invoice.uuid, p]));
      const payableById = new Map(payableRows.map((p) => [p.invoice.id, p]));
      const payableOrders = payableRows.length
        ? await db
            .select({ invoiceId: carrierInvoiceOrders.carrierInvoiceId, order: orders })
            .from(carrierInvoiceOrders)
            .innerJoin(orders, eq(orders.id, carrierInvoiceOrders.orderId))
            .where(
              inArray(
                carrierInvoiceOrders.carrierInvoiceId,
                payableRows.map((p) => p.invoice.id),
              ),
            )
            .orderBy(asc(carrierInvoiceOrders.orderId))
        : [];
      const firstOrderOf = new Map<number, (typeof payableOrders)[number]['order']>();
      for (const row of payableOrders) if (!firstOrderOf.has(row.invoiceId)) firstOrderOf.set(row.invoiceId, row.order);

      const userId = await actorId(db, request);
      const me = { id: userId, admin: requestIsAdmin(request) };
      const refused: StatementLineNote[] = [];
      const warnings: StatementLineNote[] = [];
      const violations: { propertyPath: string; message: string }[] = [];
      const plan: (() => Promise<boolean>)[] = [];
      /**
       * The white-list check of a debit paid to a live order's carrier: true to book it (a warning noted), false when
       * refused (the line stays unbooked, the check itself is kept, the other lines go on).
       */
      const whiteListPasses = async (
        order: Parameters<typeof checkCarrierPayment>[2],
        line: { uuid: string; counterpartyAccount: string | null },
        override: Parameters<typeof checkCarrierPayment>[4],
      ): Promise<boolean> => {
        if (order.deletionReason !== 0) return true;
        const lineIri = iri('bank_statement_lines', line.uuid);
        try {
          const check = await checkCarrierPayment(db, registers, order, me, override, {
            account: line.counterpartyAccount,
          });
          if (check.warning) warnings.push({ line: lineIri, message: check.warning });
          return true;
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 409) throw error;
          refused.push({ line: lineIri, message: error.detail, code: error.code });
          return false;
        }
      };
      /** A booked line in the statement's history, and its payment in the invoice's (the order's) history. */
      const booking = async (line: string, target: { resource: string; recordUuid: string; text: string }) => {
        await writeHistoryLine(db, {
          resource: 'bank_statements',
          recordUuid: statement.uuid,
          action: 'booking',
          changes: [{ field: 'booked', from: null, to: line }],
        });
        await writeHistoryLine(db, {
          resource: target.resource,
          recordUuid: target.recordUuid,
          action: 'payment',
          changes: [{ field: 'statementPayment', from: null, to: target.text }],
        });
      };
      wanted.forEach((w, i): void => {
        const path = `lines[${i}]`;
        const line = byUuid.get(lineUuids[i] ?? '');
        if (!line) {
          violations.push({ propertyPath: `${path}.line`, message: msg.lineNotFound });
          return;
        }
        if (line.bookedAt) {
          violations.push({ propertyPath: `${path}.line`, message: msg.lineBooked });
          return;
        }
        const note = msg.bookNote(line.title);
        if (line.amount > 0) {
          if (w.order) {
            violations.push({ propertyPath: `${path}.order`, message: msg.creditOnOrder });
            return;
          }
          if (w.carrierInvoice) {
            violations.push({ propertyPath: `${path}.carrierInvoice`, message: msg.carrierInvoiceForCredit });
            return;
          }
          const invoice = w.invoice
            ? invoiceByUuid.get(uuidFromIri(w.invoice, 'invoices') ?? '')
            : line.matchInvoiceId
              ? invoiceById.get(line.matchInvoiceId)
              : undefined;
          if (!invoice) {
            violations.push({ propertyPath: `${path}.invoice`, message: msg.invoiceRequired });
            return;
          }
          if (invoice.type === 'proforma') {
            violations.push({ propertyPath: `${path}.invoice`, message: msg.invoiceNotOpen });
            return;
          }
          if (invoice.currency !== line.currency) {
            violations.push({ propertyPath: `${path}.invoice`, message: msg.currencyMismatch });
            return;
          }
          plan.push(async () => {
            if (!(await markLineBooked(db, line.id, { invoiceId: invoice.id }))) {
              throw new AppError(409, 'already_booked', msg.lineBooked);
            }
            await bookInvoicePayment(db, invoice.id, {
              date: line.date,
              amount: line.amount,
              currency: line.currency,
              method: 'przelew',
              note,
              userId,
              statementLineId: line.id,
            });
            const [money, day] = [formatMoney(line.amount, line.currency), formatDate(line.date)];
            await booking(msg.historyBookedInvoice(money, day, invoice.number), {
              resource: 'invoices',
              recordUuid: invoice.uuid,
              text: msg.historyInvoicePayment(money, day, statement.fileName),
            });
            return true;
          });
        } else {
          if (w.invoice) {
            violations.push({ propertyPath: `${path}.invoice`, message: msg.orderForDebit });
            return;
          }
          if (w.order && w.carrierInvoice) {
            violations.push({ propertyPath: `${path}.carrierInvoice`, message: msg.debitTwoTargets });
            return;
          }
          // A carrier's invoice named, or (no order named) the line's own match of one.
          const payable = w.carrierInvoice
            ? payableByUuid.get(uuidFromIri(w.carrierInvoice, 'carrier_invoices') ?? '')
            : !w.order && line.matchCarrierInvoiceId
              ? payableById.get(line.matchCarrierInvoiceId)
              : undefined;
          if (w.carrierInvoice && !payable) {
            violations.push({ propertyPath: `${path}.carrierInvoice`, message: msg.carrierInvoiceNotOpen });
            return;
          }
          if (payable) {
            const invoice = payable.invoice;
            if (
              invoice.type !== 'vat' ||
              invoice.deletionReason > 0 ||
              invoice.batchId !== null ||
              invoice.dueAmount <= 0
            ) {
              violations.push({ propertyPath: `${path}.carrierInvoice`, message: msg.carrierInvoiceNotOpen });
              return;
            }
            if (invoice.currency !== line.currency) {
              violations.push({ propertyPath: `${path}.carrierInvoice`, message: msg.carrierInvoiceCurrency });
              return;
            }
            plan.push(async () => {
              const order = firstOrderOf.get(invoice.id);
              if (order && !(await whiteListPasses(order, line, w.whitelistOverride))) return false;
              if (!(await markLineBooked(db, line.id, { carrierInvoiceId: invoice.id }))) {
                throw new AppError(409, 'already_booked', msg.lineBooked);
              }
              await bookCarrierInvoicePayment(db, invoice.id, {
                date: line.date,
                amount: -line.amount,
                currency: line.currency,
                method: 'przelew',
                note,
                userId,
                statementLineId: line.id,
              });
              const [money, day] = [formatMoney(-line.amount, line.currency), formatDate(line.date)];
              await booking(msg.historyBookedCarrierInvoice(money, day, invoice.number, payable.carrierName ?? ''), {
                resource: 'carrier_invoices',
                recordUuid: invoice.uuid,
                text: msg.historyCarrierPayment(money, day, statement.fileName),
              });
              return true;
            });
            return;
          }
          const order = w.order
            ? orderByUuid.get(uuidFromIri(w.order, 'orders') ?? '')
            : line.matchOrderId
              ? orderById.get(line.matchOrderId)
              : undefined;
          if (!order) {
            violations.push({ propertyPath: `${path}.order`, message: msg.orderRequired });
            return;
          }
          if (!order.carrierId) {
            violations.push({ propertyPath: `${path}.order`, message: msg.orderNoCarrier });
            return;
          }
          if (order.carrierPriceCurrency !== line.currency) {
            violations.push({ propertyPath: `${path}.order`, message: msg.currencyMismatch });
            return;
          }
          plan.push(async () => {
            if (!(await whiteListPasses(order, line, w.whitelistOverride))) return false;
            if (!(await markLineBooked(db, line.id, { orderId: order.id }))) {
              throw new AppError(409, 'already_booked', msg.lineBooked);
            }
            await bookCarrierPayment(db, order.id, {
              date: line.date,
              amount: -line.amount,
              currency: line.currency,
              method: 'przelew',
              note,
              userId,
              statementLineId: line.id,
            });
            const [money, day] = [formatMoney(-line.amount, line.currency), formatDate(line.date)];
            await booking(msg.historyBookedOrder(money, day, order.number), {
              resource: 'orders',
              recordUuid: order.uuid,
              text: msg.historyCarrierPayment(money, day, statement.fileName),
            });
            return true;
          });
        }
      });
      if (violations.length) throw unprocessable(violations[0]?.message ?? msg.lineNotFound, violations);
      let booked = 0;
      for (const step of plan) if (await step()) booked++;
      return {
        ...(await loadStatement(uuid)),
        message: refused.length ? msg.bookedRefused(booked, refused.length) : msg.booked(booked),
        refused,
        warnings,
      };
    },
  );
}

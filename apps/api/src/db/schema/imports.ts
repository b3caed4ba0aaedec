import type { ImportCounts, ImportMapping } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Issue 36: a file of customers, carriers or orders read in. Its rows are kept in import_rows as they were read (the
 * file is parsed once, at the upload), so that the preview, the check and the run read them in chunks; the run's
 * progress is the rows' outcomes, written in the transaction that writes their records, so a restarted server
 * resumes where it stopped and does nothing twice.
 */
export const dataImports = pgTable(
  'data_imports',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    sheet: text('sheet'),
    sheets: text('sheets').array().notNull().default([]),
    encoding: text('encoding'),
    headers: text('headers').array().notNull(),
    rowCount: integer('row_count').notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    mappingName: text('mapping_name'),
    duplicates: text('duplicates').notNull().default('skip'),
    createMissingParties: boolean('create_missing_parties').notNull().default(false),
    /** uploaded → checked → running → done (or failed). */
    state: text('state').notNull().default('uploaded'),
    processed: integer('processed').notNull().default(0),
    counts: jsonb('counts').$type<ImportCounts>(),
    checkCounts: jsonb('check_counts').$type<ImportCounts>(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The worker that runs it holds it until then (renewed per chunk); an expired lease is taken over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** 'Zweryfikuj zaimportowanych': queued → done; the next check waits until verify_next_at (the registers' pace). */
    verifyState: text('verify_state'),
    verifyNextAt: timestamp('verify_next_at', { withTimezone: true }),
    verifyNote: text('verify_note'),
  },
  (t) => [
    index('data_imports_created_idx').on(t.createdAt, t.id),
    index('data_imports_sha_idx').on(t.sha256, t.kind),
    index('data_imports_running_idx').on(t.id).where(sql`state = 'running'`),
    index('data_imports_verifying_idx').on(t.id).where(sql`verify_state = 'queued'`),
  ],
);

/** One row of an imported file: its cells as read, and what the run made of it. */
export const dataImportRows = pgTable(
  'data_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => dataImports.id, { onDelete: 'cascade' }),
    /** The row's number in the file (the header's is 1), as a spreadsheet shows it. */
    rowNumber: integer('row_number').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    /** new, updated, duplicate or error once the run took it; null before. */
    outcome: text('outcome'),
    error: text('error'),
    recordUuid: uuid('record_uuid'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    index('data_import_rows_pending_idx').on(t.importId, t.rowNumber).where(sql`outcome IS NULL`),
  ],
);

/**
 * The parties of an import, each once, for 'Zweryfikuj zaimportowanych': those a customers' or carriers' import
 * created or changed (put here when the queue is asked for), and those an orders' import created from its rows
 * (put here by the run, in the chunk that created them).
 */
export const dataImportParties = pgTable(
  'data_import_parties',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => dataImports.id, { onDelete: 'cascade' }),
    /** customers or carriers. */
    kind: text('kind').notNull(),
    recordUuid: uuid('record_uuid').notNull(),
    /** The first row of the file that made or changed it (the queue's order). */
    rowNumber: integer('row_number').notNull(),
    /** The registers' checks: null until queued, pending, then ok, failed, unavailable, skipped (no NIP to check). */
    verifyOutcome: text('verify_outcome'),
    verifyMessage: text('verify_message'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.kind, t.recordUuid] }),
    index('data_import_parties_verify_idx').on(t.importId, t.rowNumber).where(sql`verify_outcome = 'pending'`),
  ],
);

/** A mapping saved under a name ('Eksport z fireTMS'), offered again for a file with the same headers. */
export const importMappings = pgTable(
  'import_mappings',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    headers: text('headers').array().notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_mappings_kind_name_uq').on(t.kind, t.name)],
);

import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which tables the app's statements write, so that what was derived from a table (a list's counted total,
 * http/listing.ts) is forgotten when that table changes and kept when another one does. Every statement the app sends
 * through drizzle passes `noteStatement` (the driver's query logger, db/client.ts); the tables it writes — with those
 * the database's triggers and foreign keys write in turn — are collected for the request the statement runs for
 * (`collectWrites`) and announced once the request is over (after its commit), or announced at once outside a request.
 */

export type WriteKind = 'insert' | 'update' | 'delete';

/** What the database writes by itself when a table is written: its triggers (any change). */
export const TRIGGER_WRITES: Readonly<Record<string, readonly string[]>> = {
  bank_statement_lines: ['bank_statements'],
  carrier_invoices: ['cashflow_day_totals', 'record_history'],
  carriers: ['orders', 'record_history', 'status_counts'],
  customers: ['orders', 'queries', 'record_history', 'status_counts'],
  interest_notes: ['record_history'],
  invoices: ['cashflow_day_totals', 'customer_balances', 'customers', 'invoice_month_totals', 'record_history'],
  offers: ['record_history', 'status_counts'],
  orders: ['payment_day_totals', 'record_history', 'stats_monthly', 'status_counts'],
  payments: ['record_history'],
  queries: ['record_history', 'stats_monthly', 'status_counts'],
  received_invoices: ['orders'],
  settings: ['record_history'],
  tasks: ['record_history', 'status_counts'],
  transfer_batches: ['record_history'],
  users: ['orders', 'queries', 'record_history', 'tasks'],
};

/**
 * Of those, what only an UPDATE writes: a renamed party or user renames the names its orders, queries and tasks keep
 * (migrations 0047_kept_counts, 0050_kept_party_names_triggers). A new customer forgets no orders total.
 */
export const UPDATE_TRIGGER_WRITES: Readonly<Record<string, readonly string[]>> = {
  carriers: ['orders'],
  customers: ['orders', 'queries'],
  users: ['orders', 'queries', 'tasks'],
};

/** …and its foreign keys' actions when a row is deleted: ON DELETE CASCADE deletes, ON DELETE SET NULL updates. */
export const DELETE_WRITES: Readonly<Record<string, readonly { table: string; kind: WriteKind }[]>> = {
  bank_statements: [{ table: 'bank_statement_lines', kind: 'delete' }],
  carrier_invoices: [
    { table: 'bank_statement_lines', kind: 'update' },
    { table: 'carrier_invoice_orders', kind: 'delete' },
  ],
  data_imports: [
    { table: 'data_import_parties', kind: 'delete' },
    { table: 'data_import_rows', kind: 'delete' },
  ],
  carriers: [
    { table: 'carrier_api_keys', kind: 'delete' },
    { table: 'carrier_record_events', kind: 'delete' },
    { table: 'carrier_record_months', kind: 'delete' },
    { table: 'order_ratings', kind: 'delete' },
    { table: 'payments', kind: 'update' },
    { table: 'portal_links', kind: 'update' },
    { table: 'positions', kind: 'delete' },
    { table: 'verifications', kind: 'delete' },
  ],
  customers: [
    { table: 'panel_users', kind: 'delete' },
    { table: 'payments', kind: 'update' },
    { table: 'verifications', kind: 'delete' },
  ],
  invoices: [
    { table: 'bank_statement_lines', kind: 'update' },
    { table: 'invoice_positions', kind: 'delete' },
    { table: 'invoice_reminders', kind: 'delete' },
    { table: 'ksef_outbox', kind: 'delete' },
  ],
  mail_outbox: [
    { table: 'customer_milestones', kind: 'update' },
    { table: 'invoice_reminders', kind: 'update' },
  ],
  // An order's chosen offer (ON DELETE SET NULL).
  offers: [{ table: 'orders', kind: 'update' }],
  order_documents: [{ table: 'carrier_invoices', kind: 'update' }],
  orders: [
    { table: 'bank_statement_lines', kind: 'update' },
    { table: 'customer_links', kind: 'delete' },
    { table: 'customer_milestones', kind: 'delete' },
    { table: 'order_documents', kind: 'delete' },
    { table: 'order_etas', kind: 'delete' },
    { table: 'order_ratings', kind: 'delete' },
    { table: 'portal_events', kind: 'delete' },
    { table: 'portal_links', kind: 'delete' },
    { table: 'positions', kind: 'delete' },
    { table: 'queries', kind: 'update' },
    { table: 'received_invoices', kind: 'update' },
    { table: 'tasks', kind: 'update' },
    { table: 'verifications', kind: 'update' },
  ],
  panel_users: [{ table: 'panel_invitations', kind: 'delete' }],
  received_invoices: [{ table: 'carrier_invoices', kind: 'update' }],
  queries: [
    { table: 'offers', kind: 'delete' },
    { table: 'orders', kind: 'update' },
    { table: 'tasks', kind: 'update' },
  ],
  tasks: [
    { table: 'task_contact_tries', kind: 'delete' },
    { table: 'telegram_messages', kind: 'update' },
  ],
  transfer_batches: [{ table: 'transfer_lines', kind: 'delete' }],
  transfer_lines: [{ table: 'transfer_line_invoices', kind: 'delete' }],
  users: [
    { table: 'bank_statements', kind: 'update' },
    { table: 'carrier_api_keys', kind: 'update' },
    { table: 'carrier_invoices', kind: 'update' },
    { table: 'data_imports', kind: 'update' },
    { table: 'interest_notes', kind: 'update' },
    { table: 'invoice_reminders', kind: 'update' },
    { table: 'offers', kind: 'update' },
    { table: 'order_documents', kind: 'update' },
    { table: 'order_ratings', kind: 'update' },
    { table: 'orders', kind: 'update' },
    { table: 'panel_users', kind: 'delete' },
    { table: 'panel_users', kind: 'update' },
    { table: 'payments', kind: 'update' },
    { table: 'portal_events', kind: 'update' },
    { table: 'queries', kind: 'update' },
    { table: 'refresh_tokens', kind: 'delete' },
    { table: 'registry_lookups', kind: 'delete' },
    { table: 'tasks', kind: 'update' },
    { table: 'telegram_link_codes', kind: 'delete' },
    { table: 'telegram_messages', kind: 'delete' },
    { table: 'transfer_batches', kind: 'update' },
    { table: 'verifications', kind: 'update' },
  ],
};

const NAME = String.raw`(?:only\s+)?(?:"?\w+"?\.)?"?(\w+)"?`;
// 'FOR UPDATE' (a lock), 'DO UPDATE SET' (the upsert's own table) and 'ON UPDATE' (DDL) name no table to write.
const WRITE_RE = new RegExp(
  String.raw`\b(?:(insert)\s+into|(?<!\b(?:for|key|do|on|before|after|or)\s+)(update)|(delete)\s+from)\s+${NAME}`,
  'gi',
);
const FIRST_WORD_RE = /^\s*(\w+)/;

/** The tables a statement writes directly (INSERT INTO, UPDATE, DELETE FROM, also inside a WITH), in its text order. */
export function statementWrites(statement: string): { table: string; kind: WriteKind }[] {
  const first = FIRST_WORD_RE.exec(statement)?.[1]?.toLowerCase();
  // Most statements read; the transaction's own statements write nothing.
  if (first === 'select' || first === 'begin' || first === 'commit' || first === 'rollback' || first === 'savepoint') {
    return [];
  }
  if (first === 'truncate') return [{ table: '*', kind: 'delete' }];
  const found: { table: string; kind: WriteKind }[] = [];
  // A plain INSERT, UPDATE or DELETE writes the one table it names first (a large INSERT is not read to its end).
  const single = first === 'insert' || first === 'update' || first === 'delete';
  WRITE_RE.lastIndex = 0;
  for (let m = WRITE_RE.exec(statement); m; m = WRITE_RE.exec(statement)) {
    const kind: WriteKind = m[1] ? 'insert' : m[2] ? 'update' : 'delete';
    found.push({ table: (m[4] as string).toLowerCase(), kind });
    if (single) break;
  }
  return found;
}

/** The tables written when `table` is written in this way, itself included: what its triggers and foreign keys do. */
export function tablesAffected(table: string, kind: WriteKind, into = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string, how: WriteKind) => {
    const key = `${name}:${how}`;
    if (seen.has(key)) return;
    seen.add(key);
    into.add(name);
    for (const other of TRIGGER_WRITES[name] ?? []) {
      if (how === 'update' || !UPDATE_TRIGGER_WRITES[name]?.includes(other)) visit(other, 'insert');
    }
    if (how === 'delete') for (const next of DELETE_WRITES[name] ?? []) visit(next.table, next.kind);
  };
  visit(table, kind);
  return into;
}

const memo = new Map<string, readonly string[]>();
const MAX_MEMO = 2000;

/** Every table a statement changes, the database's own consequences included ('*' for a TRUNCATE: everything). */
export function tablesWrittenBy(statement: string): readonly string[] {
  // Statements are few and repeat (drizzle writes the same text for the same shape); the values are parameters.
  const known = statement.length <= 4000 ? memo.get(statement) : undefined;
  if (known) return known;
  const tables = new Set<string>();
  for (const w of statementWrites(statement)) tablesAffected(w.table, w.kind, tables);
  const result = [...tables];
  if (statement.length <= 4000) {
    if (memo.size >= MAX_MEMO) memo.clear();
    memo.set(statement, result);
  }
  return result;
}

/** The tables one request wrote; `closed` once the request was answered (its transaction over). */
type WriteScope = { tables: Set<string>; closed: boolean };
const scope = new AsyncLocalStorage<WriteScope>();
const listeners: ((tables: readonly string[]) => void)[] = [];

/** Hears of every change: called with the tables written, after the request that wrote them was answered. */
export function onTablesWritten(listener: (tables: readonly string[]) => void): void {
  listeners.push(listener);
}

function announce(tables: readonly string[]) {
  for (const listener of listeners) listener(tables);
}

/**
 * Called for every statement (drizzle's query logger): outside a request, or after its request was answered (work
 * it left running), the change is announced at once; inside one, when the request ends (`finishWrites`) — which is
 * after its transaction committed, so nothing derived in between from the old rows outlives it.
 */
export function noteStatement(statement: string): void {
  const tables = tablesWrittenBy(statement);
  if (tables.length === 0) return;
  const current = scope.getStore();
  if (!current || current.closed) {
    announce(tables);
    return;
  }
  for (const table of tables) current.tables.add(table);
}

/** A request's scope: its statements' tables are collected into it. */
export function newWriteScope(): WriteScope {
  return { tables: new Set(), closed: false };
}

/** Runs `work` (and everything it starts) inside `target`'s scope. */
export function collectWrites<T>(target: WriteScope, work: () => T): T {
  return scope.run(target, work);
}

/** The request is answered: what it wrote is announced once more, now that its transaction is over. */
export function finishWrites(target: WriteScope): void {
  if (target.closed) return;
  target.closed = true;
  if (target.tables.size > 0) announce([...target.tables]);
}

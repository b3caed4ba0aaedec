import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { FilterSpec } from '../../http/filters.ts';

export type PartyTable = PgTable & {
  id: PgColumn;
  uuid: PgColumn;
  nip: PgColumn;
  phone: PgColumn;
  phonePrefix: PgColumn;
  companySortKey: PgColumn;
  nameSortKey: PgColumn;
};

/** What partyRoutes needs of one kind of party (customers or carriers). */
export type PartyResource<TCreate extends z.ZodType, TUpdate extends z.ZodType> = {
  path: 'customers' | 'carriers';
  tag: string;
  table: PartyTable;
  createSchema: TCreate;
  updateSchema: TUpdate;
  /** Rules across fields, checked on the merged record of an update. */
  mergedIssues: (merged: Record<string, unknown>) => { path: string; message: string }[];
  filters: FilterSpec;
  toJson: (row: never) => unknown;
  /** Columns the reads (list and item) compute besides the table's own (the customers' debt). */
  computed?: () => Record<string, SQL>;
  duplicateMessage: string;
  /** The field's message naming the record that already has this NIP or phone. */
  duplicateOf: { nip: (name: string) => string; phone: (name: string) => string };
  inUseMessage: string;
};

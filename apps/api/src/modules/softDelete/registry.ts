import type { DeletableType } from '@spedycja/domain';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Soft-deletable resources register here (orders, queries, tasks each from its own module),
 * so that POST /api/remove and /api/restore stay one mechanism.
 */
export type SoftDeletable = {
  table: PgTable;
  uuid: AnyPgColumn;
  deletionReason: AnyPgColumn;
};

export type SoftDeleteRegistry = Map<DeletableType | string, SoftDeletable>;
export const createSoftDeleteRegistry = (): SoftDeleteRegistry => new Map();

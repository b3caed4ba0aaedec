import type { DeletableType } from '@spedycja/domain';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';

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

/** A record removed its own way (an order's file: a reason in words, only by who added it). */
export type CustomRemove = (request: FastifyRequest, uuid: string, reason: string) => Promise<unknown>;

import { apiMessages, PAGE_SIZES, TASK_STATUS_FILTERS } from '@spedycja/domain';
import { asc, count, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { customers, orders, queries, taskContactTries, tasks, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { commaSeparated, type FilterSpec, type ListParams, sortKey } from '../../http/filters.ts';
import { iri } from '../../http/hydra.ts';
import { listStatements, runList } from '../../http/listing.ts';
import type { ConversionHook } from '../conversions/hooks.ts';
import { isoOrNull } from '../queries/repository.ts';
import { joinedUser, statusFilter } from '../shipments/filters.ts';

export const assignee = alias(users, 'assignee');
const taskCreator = alias(users, 'task_creator');
const queryCustomer = alias(customers, 'query_customer');
const orderCustomer = alias(customers, 'order_customer');

export function selectTasks(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({
      ...extra,
      task: getTableColumns(tasks),
      user: { uuid: assignee.uuid, name: assignee.name, login: assignee.login },
      createdBy: { uuid: taskCreator.uuid, name: taskCreator.name, login: taskCreator.login },
      query: {
        uuid: queries.uuid,
        id: queries.id,
        cargo: queries.cargo,
        loadingCity: queries.loadingCity,
        unloadingCity: queries.unloadingCity,
      },
      queryCustomer: { companyName: queryCustomer.companyName, name: queryCustomer.name },
      order: {
        uuid: orders.uuid,
        id: orders.id,
        number: orders.number,
        cargo: orders.cargo,
        loadingCity: orders.loadingCity,
        unloadingCity: orders.unloadingCity,
      },
      orderCustomer: { companyName: orderCustomer.companyName, name: orderCustomer.name },
    })
    .from(tasks)
    .leftJoin(assignee, eq(assignee.id, tasks.userId))
    .leftJoin(taskCreator, eq(taskCreator.id, tasks.createdById))
    .leftJoin(queries, eq(queries.id, tasks.queryId))
    .leftJoin(queryCustomer, eq(queryCustomer.id, queries.customerId))
    .leftJoin(orders, eq(orders.id, tasks.orderId))
    .leftJoin(orderCustomer, eq(orderCustomer.id, orders.customerId));
}
export type TaskRecord = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];
type TryRow = typeof taskContactTries.$inferSelect;

export const toTryJson = (row: TryRow, taskUuid: string) => ({
  '@id': iri('task_contact_tries', row.uuid),
  '@type': 'TaskContactTry',
  uuid: row.uuid,
  task: iri('tasks', taskUuid),
  date: isoOrNull(row.date),
  status: row.status,
  comment: row.comment,
});

export function toTaskJson(r: TaskRecord, tries: TryRow[]) {
  const t = r.task;
  return {
    '@id': iri('tasks', t.uuid),
    '@type': 'Task',
    id: t.id,
    uuid: t.uuid,
    version: t.version,
    status: t.status,
    phonePrefix: t.phonePrefix,
    phone: t.phone,
    user: r.user?.uuid ? { '@id': iri('users', r.user.uuid), ...r.user } : null,
    createdBy: r.createdBy?.uuid ? { '@id': iri('users', r.createdBy.uuid), ...r.createdBy } : null,
    queryEntity: r.query?.uuid
      ? {
          '@id': iri('queries', r.query.uuid),
          ...r.query,
          customer: r.queryCustomer?.companyName ?? r.queryCustomer?.name ?? null,
        }
      : null,
    orderEntity: r.order?.uuid
      ? {
          '@id': iri('orders', r.order.uuid),
          ...r.order,
          customer: r.orderCustomer?.companyName ?? r.orderCustomer?.name ?? null,
        }
      : null,
    comment: t.comment,
    contactDate: isoOrNull(t.contactDate),
    telegramNotification: t.telegramNotification,
    drawerNotification: t.drawerNotification,
    createdDate: t.createdAt.toISOString(),
    finishedDate: t.finishedAt?.toISOString() ?? null,
    deletionReason: t.deletionReason,
    attempts: tries.map((row) => toTryJson(row, t.uuid)),
  };
}

/** The attempts of a page of tasks in one query, not one per row. */
export async function triesOf(db: DbOrTx, taskIds: number[]) {
  const byTask = new Map<number, TryRow[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select()
    .from(taskContactTries)
    .where(inArray(taskContactTries.taskId, taskIds))
    .orderBy(asc(taskContactTries.date), asc(taskContactTries.id));
  for (const row of rows) byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), row]);
  return byTask;
}

export async function listTasks(db: DbOrTx, params: ListParams) {
  const { rows, total } = await runList(
    listStatements(db, params, selectTasks(db).$dynamic(), {
      from: tasks,
      joins: [
        { prefix: 'user', table: assignee, on: eq(assignee.id, tasks.userId) },
        { prefix: 'queryEntity', table: queries, on: eq(queries.id, tasks.queryId) },
        { prefix: 'orderEntity', table: orders, on: eq(orders.id, tasks.orderId) },
      ],
      keptCounts: 'tasks',
    }),
    params,
  );
  const tries = await triesOf(
    db,
    rows.map((r) => r.task.id),
  );
  return { members: rows.map((r) => toTaskJson(r, tries.get(r.task.id) ?? [])), total };
}

export async function findTask(db: DbOrTx, where: SQL) {
  const [row] = await selectTasks(db).where(where);
  if (!row) return undefined;
  const tries = await triesOf(db, [row.task.id]);
  return toTaskJson(row, tries.get(row.task.id) ?? []);
}

/** The drawer badge: my open tasks that notify in the drawer and whose contact time has come. */
export async function dueTaskCount(db: DbOrTx, userUuid: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tasks)
    .where(
      sql`${tasks.userId} = (SELECT id FROM users WHERE uuid = ${userUuid})
          AND ${tasks.status} = 'niewykonane' AND ${tasks.drawerNotification} AND ${tasks.deletionReason} = 0
          AND ${tasks.contactDate} <= now()`,
    );
  return row?.n ?? 0;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `user.uuid=` ('Moje zadania'): the users' ids looked up first (an InitPlan), so that the tasks are read along
 * tasks_user_order_idx in the list's order; a filter on the joined users' uuid sorted every task of the user.
 */
function assigneeFilter(value: string): SQL | undefined {
  const given = commaSeparated(value);
  if (given.length === 0) return undefined;
  if (given.some((v) => !UUID_RE.test(v)))
    throw new AppError(400, 'invalid_filter', apiMessages.invalidFilter('user.uuid'));
  const uuids = given.map((v) => v.toLowerCase());
  if (uuids.length === 1)
    return sql`${tasks.userId} = (SELECT ${users.id} FROM ${users} WHERE ${users.uuid} = ${uuids[0]})`;
  return sql`${tasks.userId} = ANY (ARRAY(SELECT ${users.id} FROM ${users} WHERE ${users.uuid} IN (${sql.join(
    uuids.map((v) => sql`${v}`),
    sql`, `,
  )})))`;
}

export const taskFilters: FilterSpec = {
  fields: {
    id: { column: tasks.id, type: 'int', search: 'exact', order: true },
    // The task's query, order and assignee asked of their own tables and matched with the task's keys (an index of
    // the task's serves them; http/filters.ts joinedCondition).
    'queryEntity.uuid': {
      column: queries.uuid,
      type: 'uuid',
      search: 'exact',
      joined: { foreignKey: tasks.queryId, table: queries, id: queries.id },
    },
    'orderEntity.uuid': {
      column: orders.uuid,
      type: 'uuid',
      search: 'exact',
      joined: { foreignKey: tasks.orderId, table: orders, id: orders.id },
    },
    // Sorted by the assignee's name as the task keeps it (the user's, kept by the database), along an index.
    'user.name': {
      column: users.name,
      type: 'string',
      search: 'unaccent',
      joined: joinedUser(tasks.userId),
      order: true,
      orderBy: tasks.assigneeName,
    },
    contactDate: { column: tasks.contactDate, type: 'timestamp', date: true, range: true, order: true },
    createdDate: { column: tasks.createdAt, type: 'timestamp', date: true, order: true },
    finishedDate: { column: tasks.finishedAt, type: 'timestamp', date: true, order: true },
    deletionReason: { column: tasks.deletionReason, type: 'int', range: true, search: 'exact' },
    drawerNotification: { column: tasks.drawerNotification, type: 'bool', search: 'exact' },
  },
  custom: {
    status: statusFilter(tasks.status, TASK_STATUS_FILTERS),
    'user.uuid': assigneeFilter,
    'user.uuid[]': assigneeFilter,
  },
  base: (present) => (present.has('deletionReason') ? undefined : sql`${tasks.deletionReason} = 0`),
  // SPEC §9: tasks sort by contact date, soonest first.
  // NULLS FIRST as order[contactDate] sorts (never null): tasks_default_order_idx serves both.
  defaultOrder: [sortKey(tasks.contactDate, 'asc', 'first')],
  tiebreaker: tasks.id,
  itemsPerPage: PAGE_SIZES.tasks,
};

/** Conversions keep a record's tasks: they now point at the new query or order. */
export const moveTasks: ConversionHook = async (tx: Tx, from, to) => {
  const source = from.type === 'query' ? tasks.queryId : tasks.orderId;
  await tx
    .update(tasks)
    .set(to.type === 'query' ? { queryId: to.id, orderId: null } : { orderId: to.id, queryId: null })
    .where(eq(source, from.id));
};

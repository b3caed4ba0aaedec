import {
  contactTryCreateSchema,
  contactTryUpdateSchema,
  type TaskUpdate,
  taskCreateSchema,
  taskUpdateSchema,
} from '@spedycja/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { afterCommit, outsideRequest } from '../../db/requestTx.ts';
import { orders, queries, taskContactTries, tasks, users } from '../../db/schema/index.ts';
import { actorId } from '../../http/actor.ts';
import { assertMayListDeleted, assertUsable, currentUser } from '../../http/auth.ts';
import { fieldViolation, notFound } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection, uuidFromIri } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { REF_NOT_FOUND, resolveRef } from '../../http/refs.ts';
import type { SoftDeleteRegistry } from '../softDelete/registry.ts';
import { staffOnly } from '../users/queries.ts';
import type { TaskAssignedHook } from './hooks.ts';
import { dueTaskCount, findTask, listTasks, taskFilters, toTryJson } from './repository.ts';

const userRef = { table: users, id: users.id, uuid: users.uuid, resource: 'users', where: staffOnly };

/** An entry IRI to the query or order row it names. */
async function resolveEntry(db: DbOrTx, entry: string | null | undefined) {
  if (entry === undefined) return undefined;
  if (entry === null) return { queryId: null, orderId: null };
  const isQuery = entry.startsWith('/api/queries/');
  const table = isQuery ? queries : orders;
  const uuid = uuidFromIri(entry, isQuery ? 'queries' : 'orders');
  const [row] = uuid ? await db.select({ id: table.id }).from(table).where(eq(table.uuid, uuid)) : [];
  if (!row) throw fieldViolation('entry', REF_NOT_FOUND);
  return isQuery ? { queryId: row.id, orderId: null } : { queryId: null, orderId: row.id };
}

export async function tasksRoutes(
  app: FastifyInstance,
  { db, softDelete, onAssigned }: { db: Db; softDelete: SoftDeleteRegistry; onAssigned?: TaskAssignedHook },
) {
  softDelete.set('task', { table: tasks, uuid: tasks.uuid, deletionReason: tasks.deletionReason });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Tasks'];
  const assigned = (request: FastifyRequest, taskId: number, userId: number | null | undefined, me: number) => {
    if (!onAssigned || userId === null || userId === undefined || userId === me) return;
    const by = currentUser(request).name;
    // Once the task is committed, and outside the request's transaction.
    afterCommit(() => outsideRequest(() => onAssigned(taskId, by).catch((error) => request.log.error(error))));
  };
  const load = async (uuid: string) => {
    const task = await findTask(db, eq(tasks.uuid, uuid));
    if (!task) throw notFound();
    return task;
  };

  r.get('/api/tasks/drawerNotifications', { schema: { tags } }, async (request) => ({
    count: await dueTaskCount(db, currentUser(request).uuid),
  }));

  r.get('/api/tasks', { schema: { tags, querystring: z.record(z.string(), z.unknown()) } }, async (request) => {
    assertMayListDeleted(request);
    const params = parseListQuery(request.query, taskFilters);
    const { members, total } = await listTasks(db, params);
    return collection(request.url, members, total, params);
  });

  r.get('/api/tasks/:id', { schema: { tags, params: idParams } }, async (request) => {
    const task = await load(uuidParam(request.params.id));
    assertUsable(task.deletionReason, request, 'read');
    return task;
  });

  r.post('/api/tasks', { schema: { tags, body: taskCreateSchema } }, async (request, reply) => {
    const { user, entry, ...fields } = request.body;
    const me = await actorId(db, request);
    const userId = (await resolveRef(db, userRef, 'user', user)) ?? me;
    const links = (await resolveEntry(db, entry)) ?? {};
    const [row] = await db
      .insert(tasks)
      .values({
        ...fields,
        contactDate: fields.contactDate as string,
        ...links,
        userId,
        createdById: me,
        finishedAt: fields.status === 'wykonane' ? sql`now()` : null,
      })
      .returning({ uuid: tasks.uuid, id: tasks.id });
    if (row) assigned(request, row.id, userId, me);
    return reply.code(201).send(await load(row?.uuid as string));
  });

  const update = async (request: FastifyRequest, id: string, body: TaskUpdate) => {
    const uuid = uuidParam(id);
    const [existing] = await db.select().from(tasks).where(eq(tasks.uuid, uuid));
    if (!existing) throw notFound();
    assertUsable(existing.deletionReason, request, 'write');
    const { user, entry, ...fields } = body;
    const changes: Record<string, unknown> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    if (changes.contactDate === null) throw fieldViolation('contactDate', 'To pole nie może być puste!');
    const userId = await resolveRef(db, userRef, 'user', user);
    if (userId !== undefined) changes.userId = userId;
    Object.assign(changes, (await resolveEntry(db, entry)) ?? {});
    // Done sets the finish time; undoing it (editing back to niewykonane) clears it.
    if (fields.status && fields.status !== existing.status) {
      changes.finishedAt = fields.status === 'wykonane' ? sql`now()` : null;
    }
    if (Object.keys(changes).length > 0) await db.update(tasks).set(changes).where(eq(tasks.id, existing.id));
    if (userId !== undefined && userId !== existing.userId)
      assigned(request, existing.id, userId, await actorId(db, request));
    return load(uuid);
  };
  const updateOptions = { schema: { tags, params: idParams, body: taskUpdateSchema } };
  r.put('/api/tasks/:id', updateOptions, (request) => update(request, request.params.id, request.body));
  r.patch('/api/tasks/:id', updateOptions, (request) => update(request, request.params.id, request.body));

  // Contact attempts.
  const tryTags = ['Task contact tries'];
  r.get(
    '/api/task_contact_tries',
    { schema: { tags: tryTags, querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const raw = (request.query as Record<string, unknown>)['task.uuid'];
      const taskUuid = typeof raw === 'string' ? uuidFromIri(raw, 'tasks') : null;
      if (raw !== undefined && !taskUuid) throw fieldViolation('task.uuid', REF_NOT_FOUND);
      const rows = await db
        .select({ attempt: taskContactTries, taskUuid: tasks.uuid })
        .from(taskContactTries)
        .innerJoin(tasks, eq(tasks.id, taskContactTries.taskId))
        .where(taskUuid ? eq(tasks.uuid, taskUuid) : undefined)
        .orderBy(asc(taskContactTries.date), asc(taskContactTries.id))
        .limit(500);
      const members = rows.map((row) => toTryJson(row.attempt, row.taskUuid));
      return collection(request.url, members, members.length, {
        paginated: false,
        page: 1,
        itemsPerPage: members.length,
      });
    },
  );

  /**
   * An attempt is recorded with its own comment; the task keeps its comment, and moves to the next contact date when
   * one is given (in the same transaction). Moving it to "now" would bury the call-back the dispatcher planned.
   */
  r.post(
    '/api/task_contact_tries',
    { schema: { tags: tryTags, body: contactTryCreateSchema } },
    async (request, reply) => {
      const { task, date, status, comment, nextContactDate } = request.body;
      const taskUuid = uuidFromIri(String(task), 'tasks');
      const [owner] = taskUuid ? await db.select().from(tasks).where(eq(tasks.uuid, taskUuid)) : [];
      if (!owner) throw fieldViolation('task', REF_NOT_FOUND);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(taskContactTries)
          .values({ taskId: owner.id, date: date as string, status, comment: comment ?? null })
          .returning();
        if (nextContactDate) await tx.update(tasks).set({ contactDate: nextContactDate }).where(eq(tasks.id, owner.id));
        return row;
      });
      return reply.code(201).send(toTryJson(created as typeof taskContactTries.$inferSelect, owner.uuid));
    },
  );

  r.put(
    '/api/task_contact_tries/:id',
    { schema: { tags: tryTags, params: idParams, body: contactTryUpdateSchema } },
    async (request) => {
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      if (changes.date === null) throw fieldViolation('date', 'To pole nie może być puste!');
      const uuid = uuidParam(request.params.id);
      const [row] =
        Object.keys(changes).length > 0
          ? await db.update(taskContactTries).set(changes).where(eq(taskContactTries.uuid, uuid)).returning()
          : await db.select().from(taskContactTries).where(eq(taskContactTries.uuid, uuid));
      if (!row) throw notFound();
      const [owner] = await db.select({ uuid: tasks.uuid }).from(tasks).where(eq(tasks.id, row.taskId));
      return toTryJson(row, owner?.uuid as string);
    },
  );
}

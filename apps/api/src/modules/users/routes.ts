import { apiMessages, userCreateSchema, userUpdateSchema } from '@spedycja/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { adminOnly, currentUser } from '../../http/auth.ts';
import { fieldViolation, notFound, unprocessable } from '../../http/errors.ts';
import { parseListQuery } from '../../http/filters.ts';
import { collection } from '../../http/hydra.ts';
import { idParams, uuidParam } from '../../http/params.ts';
import { assertAcceptablePassword, hashPassword } from './passwords.ts';
import {
  countAdmins,
  deleteUser,
  findUserByUuid,
  insertUser,
  listUsers,
  toUserJson,
  type UserInsert,
  updateUser,
  userFilters,
} from './queries.ts';

/** Unique logins are enforced by the index; a duplicate is the user's mistake, not a 500. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldViolation('login', apiMessages.loginTaken);
    throw error;
  }
}

export async function usersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Users'];

  r.get('/api/users', { schema: { tags, querystring: z.record(z.string(), z.unknown()) } }, async (request) => {
    const params = parseListQuery(request.query, userFilters);
    const { rows, total } = await listUsers(db, params);
    return collection(request.url, rows.map(toUserJson), total, params);
  });

  r.get('/api/users/:id', { schema: { tags, params: idParams } }, async (request) => {
    const row = await findUserByUuid(db, uuidParam(request.params.id));
    if (!row) throw notFound();
    return toUserJson(row);
  });

  r.post('/api/users', { config: adminOnly, schema: { tags, body: userCreateSchema } }, async (request, reply) => {
    const { plainPassword, ...fields } = request.body;
    assertAcceptablePassword(fields.login, plainPassword);
    const row = await saving(async () =>
      insertUser(db, {
        ...fields,
        phone: fields.phone ?? null,
        email: fields.email ?? null,
        telegramUserId: fields.telegramUserId ?? null,
        passwordHash: await hashPassword(plainPassword),
      }),
    );
    return reply.code(201).send(toUserJson(row));
  });

  const update = async (id: string, body: z.infer<typeof userUpdateSchema>, actorUuid: string) => {
    const uuid = uuidParam(id);
    const existing = await findUserByUuid(db, uuid);
    if (!existing) throw notFound();
    const { plainPassword, ...fields } = body;
    if (
      uuid === actorUuid &&
      fields.roles &&
      !fields.roles.includes('ROLE_ADMIN') &&
      existing.roles.includes('ROLE_ADMIN')
    ) {
      throw fieldViolation('roles', apiMessages.cannotDropOwnAdmin);
    }
    const values: Partial<UserInsert> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value !== undefined) (values as Record<string, unknown>)[key] = value;
    }
    if (plainPassword) assertAcceptablePassword(fields.login ?? existing.login, plainPassword);
    if (plainPassword) values.passwordHash = await hashPassword(plainPassword);
    if (Object.keys(values).length === 0) return toUserJson(existing);
    const row = await saving(() => updateUser(db, uuid, values));
    if (!row) throw notFound();
    app.forgetUser(uuid);
    // A new password or other roles end the user's other logins at their next refresh.
    const rolesChanged = values.roles && values.roles.slice().sort().join() !== existing.roles.slice().sort().join();
    if (values.passwordHash || rolesChanged) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.userId, row.id), isNull(refreshTokens.revokedAt)));
    }
    return toUserJson(row);
  };

  const updateOptions = { config: adminOnly, schema: { tags, params: idParams, body: userUpdateSchema } };
  r.put('/api/users/:id', updateOptions, (request) =>
    update(request.params.id, request.body, currentUser(request).uuid),
  );
  r.patch('/api/users/:id', updateOptions, (request) =>
    update(request.params.id, request.body, currentUser(request).uuid),
  );

  r.delete('/api/users/:id', { config: adminOnly, schema: { tags, params: idParams } }, async (request, reply) => {
    const uuid = uuidParam(request.params.id);
    if (uuid === currentUser(request).uuid) throw unprocessable(apiMessages.cannotDeleteSelf);
    const existing = await findUserByUuid(db, uuid);
    if (!existing) throw notFound();
    if (existing.roles.includes('ROLE_ADMIN') && (await countAdmins(db)) <= 1) {
      throw unprocessable(apiMessages.lastAdmin);
    }
    await deleteUser(db, uuid);
    app.forgetUser(uuid);
    return reply.code(204).send();
  });
}

import { apiMessages, settingUpdateSchema, settingValueError } from '@spedycja/domain';
import { asc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { adminOnly } from '../../http/auth.ts';
import { fieldViolation, notFound } from '../../http/errors.ts';
import { collection, iri } from '../../http/hydra.ts';
import { idParams } from '../../http/params.ts';
import { refreshMixedCurrencyBestOffers } from '../offers/bestOffer.ts';

type SettingRow = typeof settings.$inferSelect;

const toSettingJson = (row: SettingRow) => ({
  '@id': iri('settings', row.uuid),
  '@type': 'Setting' as const,
  uuid: row.uuid,
  version: row.version,
  key: row.key,
  value: row.value,
});

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function settingsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Settings'];

  r.get('/api/settings', { schema: { tags } }, async (request) => {
    const rows = await db.select().from(settings).orderBy(asc(settings.id));
    return collection(request.url, rows.map(toSettingJson), rows.length, {
      paginated: false,
      page: 1,
      itemsPerPage: rows.length,
    });
  });

  /** The original client addresses a setting by uuid; its key is accepted too. */
  const byIdOrKey = (id: string) =>
    UUID_RE.test(id) ? or(eq(settings.uuid, id.toLowerCase()), eq(settings.key, id)) : eq(settings.key, id);

  r.get('/api/settings/:id', { schema: { tags, params: idParams } }, async (request) => {
    const [row] = await db.select().from(settings).where(byIdOrKey(request.params.id));
    if (!row) throw notFound(apiMessages.unknownSetting);
    return toSettingJson(row);
  });

  const update = async (id: string, value: string) => {
    const [existing] = await db.select().from(settings).where(byIdOrKey(id));
    if (!existing) throw notFound(apiMessages.unknownSetting);
    const error = settingValueError(existing.key, value);
    if (error) throw fieldViolation('value', error);
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(settings).set({ value }).where(eq(settings.id, existing.id)).returning();
      // EUR offers compete with PLN ones through this rate.
      if (existing.key === 'euroExchangeRate') await refreshMixedCurrencyBestOffers(tx);
      return updated;
    });
    return toSettingJson(row ?? existing);
  };
  const options = { config: adminOnly, schema: { tags, params: idParams, body: settingUpdateSchema } };
  r.put('/api/settings/:id', options, (request) => update(request.params.id, request.body.value));
  r.patch('/api/settings/:id', options, (request) => update(request.params.id, request.body.value));
}

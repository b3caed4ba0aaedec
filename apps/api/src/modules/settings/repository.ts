import { SETTING_DEFINITIONS } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** Adds the settings a fresh database lacks; existing values are never overwritten. */
export async function seedSettings(db: DbOrTx) {
  const values = Object.entries(SETTING_DEFINITIONS).map(([key, def]) => ({ key, value: def.default }));
  await db.insert(settings).values(values).onConflictDoNothing({ target: settings.key });
}

export async function readSetting(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value ?? null;
}

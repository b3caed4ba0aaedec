import type { KsefConfigJson, KsefConfigUpdate, KsefEnvironmentName } from '@spedycja/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ksefConfig } from '../../db/schema/index.ts';
import { KSEF_ENVIRONMENTS } from '../../integrations/ksef/environments.ts';
import { readSetting } from '../settings/repository.ts';
import { openSecret, sealSecret } from './secrets.ts';

export type KsefSettings = {
  environment: KsefEnvironmentName;
  apiUrl: string;
  qrUrl: string;
  /** The seller's NIP of the settings: the context of the session and the NIP the invoices carry. */
  nip: string | null;
  /** The stored token, else KSEF_TOKEN; never leaves the server. */
  token: string | null;
  tokenLast4: string | null;
  autoSend: boolean;
  syncHourly: boolean;
  syncFrom: string | null;
  lastSyncAt: string | null;
};

const last4 = (token: string) => token.slice(-4);

export async function readKsefSettings(db: DbOrTx, config: Config, key: Buffer): Promise<KsefSettings> {
  const [row] = await db.select().from(ksefConfig).where(eq(ksefConfig.id, 1));
  const environment = (row?.environment ?? 'TEST') as KsefEnvironmentName;
  const stored = row?.tokenCipher ? openSecret(key, row.tokenCipher) : null;
  const token = stored ?? config.ksef.token ?? null;
  const nip = (await readSetting(db, 'companyNip'))?.replace(/\D/g, '') || null;
  return {
    environment,
    apiUrl: config.ksef.apiUrl ?? KSEF_ENVIRONMENTS[environment].apiUrl,
    qrUrl: KSEF_ENVIRONMENTS[environment].qrUrl,
    nip,
    token,
    tokenLast4: token ? (stored ? (row?.tokenLast4 ?? last4(token)) : last4(token)) : null,
    autoSend: row?.autoSend ?? false,
    syncHourly: row?.syncHourly ?? false,
    syncFrom: row?.syncFrom ?? null,
    lastSyncAt: row?.lastSyncAt ?? null,
  };
}

/** What GET/PUT /api/ksef/config answer: whether a token is set and its last 4 characters, never the token. */
export const toConfigJson = (s: KsefSettings): KsefConfigJson => ({
  environment: s.environment,
  apiUrl: s.apiUrl,
  nip: s.nip,
  tokenSet: s.token !== null,
  tokenLast4: s.tokenLast4,
  autoSend: s.autoSend,
  syncHourly: s.syncHourly,
  lastSyncAt: s.lastSyncAt,
});

export async function updateKsefConfig(db: DbOrTx, key: Buffer, body: KsefConfigUpdate) {
  const changes: Partial<typeof ksefConfig.$inferInsert> = {};
  if (body.environment !== undefined) changes.environment = body.environment;
  if (body.autoSend !== undefined) changes.autoSend = body.autoSend;
  if (body.syncHourly !== undefined) changes.syncHourly = body.syncHourly;
  if (body.token !== undefined) {
    changes.tokenCipher = body.token ? sealSecret(key, body.token) : null;
    changes.tokenLast4 = body.token ? last4(body.token) : null;
  }
  if (Object.keys(changes).length === 0) return;
  await db
    .insert(ksefConfig)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: ksefConfig.id, set: changes });
}

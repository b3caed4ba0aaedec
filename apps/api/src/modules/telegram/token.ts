import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { telegramBot } from '../../db/schema/index.ts';

/**
 * The bot token an admin sets on the /telegram page is kept AES-256-GCM encrypted, with a key derived from the
 * server's JWT secret (which never sits in the database). No API answer ever carries it; only whether one is set.
 * It takes precedence over TELEGRAM_BOT_TOKEN; removing it falls back to that.
 */

const BOT_ROW = 1;
const keyOf = (secret: string) => createHash('sha256').update(`telegram-bot-token\n${secret}`).digest();

export function encryptToken(token: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Null when it cannot be read (another JWT secret): the token has to be set again. */
export function decryptToken(stored: string, secret: string): string | null {
  if (!stored.startsWith('v1:')) return null;
  try {
    const raw = Buffer.from(stored.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export async function ensureBotRow(db: DbOrTx) {
  await db.insert(telegramBot).values({ id: BOT_ROW }).onConflictDoNothing();
}

export type BotToken = { token: string; source: 'admin' | 'env' } | null;

export async function readBotToken(db: DbOrTx, config: Config): Promise<BotToken> {
  const [row] = await db
    .select({ ciphertext: telegramBot.tokenCiphertext })
    .from(telegramBot)
    .where(eq(telegramBot.id, BOT_ROW));
  const stored = row?.ciphertext ? decryptToken(row.ciphertext, config.jwtSecret) : null;
  if (stored) return { token: stored, source: 'admin' };
  return config.telegram.botToken ? { token: config.telegram.botToken, source: 'env' } : null;
}

export async function storeBotToken(db: DbOrTx, config: Config, token: string | null) {
  await ensureBotRow(db);
  await db
    .update(telegramBot)
    .set({
      tokenCiphertext: token ? encryptToken(token, config.jwtSecret) : null,
      updatedAt: sql`now()`,
    })
    .where(eq(telegramBot.id, BOT_ROW));
}

/** The bot's numeric id, the part before the colon: update ids (and so the getUpdates offset) belong to it. */
export const botIdOf = (token: string) => token.split(':')[0] ?? '';

/** Reading updates is leased, so that of several instances one reads them at a time. */
export async function leaseUpdates(db: DbOrTx, botId: string): Promise<number | null> {
  await ensureBotRow(db);
  const [row] = await db
    .update(telegramBot)
    .set({ pollLockedUntil: sql`now() + interval '30 seconds'` })
    .where(
      sql`${telegramBot.id} = ${BOT_ROW} AND (${telegramBot.pollLockedUntil} IS NULL OR ${telegramBot.pollLockedUntil} < now())`,
    )
    .returning({ offset: telegramBot.updateOffset, botId: telegramBot.updateBotId });
  if (!row) return null;
  return row.botId === botId ? row.offset : 0;
}

export async function saveUpdateOffset(db: DbOrTx, botId: string, offset: number) {
  await db.update(telegramBot).set({ updateOffset: offset, updateBotId: botId }).where(eq(telegramBot.id, BOT_ROW));
}

export async function releaseUpdates(db: DbOrTx) {
  await db.update(telegramBot).set({ pollLockedUntil: null }).where(eq(telegramBot.id, BOT_ROW));
}

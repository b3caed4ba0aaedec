import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { telegramLinkCodes, users } from '../../db/schema/index.ts';
import type { TelegramUpdate } from '../../integrations/telegram/types.ts';
import { type Composed, plainMessage } from './compose.ts';
import { botTexts } from './messages.ts';
import { enqueueTelegram } from './repository.ts';

/**
 * Linking an account: the /telegram page asks for a one-time code (kept hashed, 30 minutes), shown as
 * `t.me/{bot}?start={code}`; the bot then receives `/start {code}` from the chat that becomes the user's.
 */

const LINK_CODE_MINUTES = 30;
const START_RE = /^\/start(?:@\w+)?(?:\s+(\S+))?\s*$/;

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export async function createLinkCode(db: DbOrTx, userId: number): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + LINK_CODE_MINUTES * 60_000);
  await db.transaction(async (tx) => {
    // One link at a time: an older, unused one stops working.
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
    await tx.insert(telegramLinkCodes).values({ codeHash: hashCode(code), userId, expiresAt });
  });
  return { code, expiresAt };
}

/** `/start {code}`: the one-time code names the user whose account this chat becomes. */
export async function handleStartMessage(db: DbOrTx, update: TelegramUpdate, log?: FastifyBaseLogger): Promise<void> {
  const reply = (chatId: string, userId: number | null, composed: Composed) =>
    enqueueTelegram(db, { kind: 'link', userId, chatId, ...composed });
  const message = update.message;
  if (!message) return;
  const start = START_RE.exec(message.text.trim());
  if (!start) return;
  const code = start[1];
  if (!code) {
    await reply(message.chatId, null, plainMessage(botTexts.startHelp, botTexts.summary.startHelp));
    return;
  }
  const linked = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .delete(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.codeHash, hashCode(code)), gt(telegramLinkCodes.expiresAt, sql`now()`)))
      .returning({ userId: telegramLinkCodes.userId });
    if (!claimed) return null;
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, claimed.userId));
    const [user] = await tx
      .update(users)
      .set({ telegramUserId: message.chatId })
      .where(eq(users.id, claimed.userId))
      .returning({ id: users.id, name: users.name, login: users.login });
    return user ?? null;
  });
  if (linked) {
    log?.info({ userId: linked.id }, 'telegram account linked');
    await reply(
      message.chatId,
      linked.id,
      plainMessage(botTexts.linked(linked.name, linked.login), botTexts.summary.linked),
    );
  } else {
    await reply(message.chatId, null, plainMessage(botTexts.badCode, botTexts.summary.badCode));
  }
}

import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { apiMessages, type TokenPair } from '@spedycja/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { loginFailures, refreshTokens, users } from '../../db/schema/index.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { findUserByLogin } from '../users/queries.ts';
import { hashToken, newRefreshToken, type TokenSigner } from './tokens.ts';

type UserRow = typeof users.$inferSelect;

// Verified against when the login does not exist, so both paths take the same time.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$LWOdhbOiLPPLikkoIICfTg$Wl0SzUnlTxCw9vsX9rV0G4CRFKZcI0kqj5WZF087XuU';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(db: Db, config: Config, signer: TokenSigner) {
  const windowSql = sql`now() - make_interval(mins => ${config.login.windowMinutes})`;

  async function issue(user: UserRow, familyId: string): Promise<TokenPair> {
    const refreshToken = newRefreshToken();
    await db.insert(refreshTokens).values({
      tokenHash: hashToken(refreshToken),
      familyId,
      userId: user.id,
      expiresAt: new Date(Date.now() + config.refreshTokenTtl * 1000),
    });
    const token = await signer.sign({ uuid: user.uuid, username: user.login, name: user.name, roles: user.roles });
    return { token, refreshToken };
  }

  /** Failed attempts per (login, IP) and per IP within the window; stored in the database. */
  async function assertNotLimited(pairKey: string, ipKey: string) {
    const rows = await selectRows<{ key: string; count: number; minutes_left: number }>(
      db,
      sql`SELECT key, count, ceil(extract(epoch FROM (window_start - ${windowSql})) / 60)::int AS minutes_left
          FROM login_failures WHERE key IN (${pairKey}, ${ipKey}) AND window_start > ${windowSql}`,
    );
    for (const row of rows) {
      const limit = row.key === ipKey ? config.login.maxFailuresPerIp : config.login.maxFailures;
      if (row.count >= limit) {
        throw new AppError(429, 'too_many_attempts', apiMessages.tooManyLoginAttempts(Math.max(1, row.minutes_left)));
      }
    }
  }

  async function recordFailure(key: string) {
    await db
      .insert(loginFailures)
      .values({ key, count: 1 })
      .onConflictDoUpdate({
        target: loginFailures.key,
        set: {
          count: sql`CASE WHEN ${loginFailures.windowStart} > ${windowSql} THEN ${loginFailures.count} + 1 ELSE 1 END`,
          windowStart: sql`CASE WHEN ${loginFailures.windowStart} > ${windowSql} THEN ${loginFailures.windowStart} ELSE now() END`,
        },
      });
  }

  return {
    async login(username: string, password: string, ip: string): Promise<TokenPair> {
      const pairKey = `user:${username.trim().toLowerCase()}|ip:${ip}`;
      const ipKey = `ip:${ip}`;
      await assertNotLimited(pairKey, ipKey);
      const user = username.trim() ? await findUserByLogin(db, username.trim()) : undefined;
      const valid = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!user || !valid) {
        await recordFailure(pairKey);
        await recordFailure(ipKey);
        throw new AppError(401, 'bad_credentials', apiMessages.badCredentials);
      }
      await db.delete(loginFailures).where(eq(loginFailures.key, pairKey));
      return issue(user, randomUUID());
    },

    /** Rotation: the presented token is spent; presenting a spent one again revokes its family. */
    async refresh(presented: string): Promise<TokenPair> {
      const tokenHash = hashToken(presented);
      const [spent] = await db
        .update(refreshTokens)
        .set({ spentAt: sql`now()` })
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.spentAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, sql`now()`),
          ),
        )
        .returning();
      if (!spent) {
        const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
        if (known?.spentAt) {
          await db
            .update(refreshTokens)
            .set({ revokedAt: sql`now()` })
            .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
        }
        throw unauthorized(apiMessages.refreshInvalid);
      }
      const [user] = await db.select().from(users).where(eq(users.id, spent.userId));
      if (!user) throw unauthorized(apiMessages.refreshInvalid);
      return issue(user, spent.familyId);
    },

    async logout(presented: string | undefined) {
      if (!presented) return;
      const [known] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(presented)));
      if (!known) return;
      await db
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
    },
  };
}

import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { apiMessages, isCustomerUser, type TokenPair } from '@spedycja/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { loginFailures, panelUsers, refreshTokens, users } from '../../db/schema/index.ts';
import { AppError, unauthorized } from '../../http/errors.ts';
import { findUserByLogin } from '../users/queries.ts';
import { hashToken, newRefreshToken, successorToken, type TokenSigner } from './tokens.ts';

type UserRow = typeof users.$inferSelect;

// Verified against when the login does not exist, so both paths take the same time.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$LWOdhbOiLPPLikkoIICfTg$Wl0SzUnlTxCw9vsX9rV0G4CRFKZcI0kqj5WZF087XuU';

export type AuthService = ReturnType<typeof createAuthService>;

/** How long after a refresh the same refresh token still gets the same new pair (two devices at once). */
export const CONCURRENT_REFRESH_MS = 10_000;

/** Past the address's threshold: 1 s, growing by a second every 10 more failures, at most 10 s. */
export const addressDelayMs = (excess: number) => Math.min(10_000, 1000 * (1 + Math.floor(Math.max(0, excess) / 10)));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createAuthService(db: Db, config: Config, signer: TokenSigner) {
  const windowSql = sql`now() - make_interval(mins => ${config.login.windowMinutes})`;

  /** A new pair; `replacing` (a refresh) makes it the one pair that token is replaced by, at its spending time. */
  async function issue(
    user: UserRow,
    familyId: string,
    replacing?: { presented: string; spentAt: Date },
  ): Promise<TokenPair> {
    const refreshToken = replacing ? successorToken(config.jwtSecret, replacing.presented) : newRefreshToken();
    await db
      .insert(refreshTokens)
      .values({
        tokenHash: hashToken(refreshToken),
        familyId,
        userId: user.id,
        expiresAt: new Date(Date.now() + config.refreshTokenTtl * 1000),
      })
      .onConflictDoNothing({ target: refreshTokens.tokenHash });
    const claims = { uuid: user.uuid, username: user.login, name: user.name, roles: user.roles };
    const issuedAt = replacing ? Math.floor(replacing.spentAt.getTime() / 1000) : undefined;
    return { token: await signer.sign(claims, issuedAt), refreshToken };
  }

  /**
   * Failed attempts per login (from any address) lock that login for the rest of the window. An address is never
   * locked out (a whole office may share one): past a much higher count its attempts are only slowed down, more the
   * more it fails.
   */
  async function checkLimits(loginKey: string, ipKey: string) {
    const rows = await selectRows<{ key: string; count: number; seconds_left: number }>(
      db,
      sql`SELECT key, count, ceil(extract(epoch FROM (window_start - (${windowSql}))))::int AS seconds_left
          FROM login_failures WHERE key IN (${loginKey}, ${ipKey}) AND window_start > ${windowSql}`,
    );
    const login = rows.find((row) => row.key === loginKey);
    if (login && login.count >= config.login.maxFailures) {
      const seconds = Math.max(1, login.seconds_left);
      throw new AppError(
        429,
        'too_many_attempts',
        apiMessages.tooManyLoginAttempts(Math.ceil(seconds / 60)),
        undefined,
        undefined,
        { 'retry-after': String(seconds) },
      );
    }
    const address = rows.find((row) => row.key === ipKey);
    if (address && address.count >= config.login.maxFailuresPerIp) {
      await sleep(addressDelayMs(address.count - config.login.maxFailuresPerIp));
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

  /** A panel user (issue 37) who is disabled, or not (yet) bound to a customer, cannot log in or refresh. */
  async function panelClosed(user: UserRow): Promise<boolean> {
    if (!isCustomerUser(user.roles)) return false;
    const [panel] = await db
      .select({ active: panelUsers.active, passwordSetAt: panelUsers.passwordSetAt })
      .from(panelUsers)
      .where(eq(panelUsers.userId, user.id));
    return !panel?.active || !panel.passwordSetAt;
  }

  return {
    async login(username: string, password: string, ip: string): Promise<TokenPair> {
      const loginKey = `user:${username.trim().toLowerCase()}`;
      const ipKey = `ip:${ip}`;
      await checkLimits(loginKey, ipKey);
      const user = username.trim() ? await findUserByLogin(db, username.trim()) : undefined;
      const valid = await verify(user?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!user || !valid || (await panelClosed(user))) {
        await recordFailure(loginKey);
        await recordFailure(ipKey);
        throw new AppError(401, 'bad_credentials', apiMessages.badCredentials);
      }
      await db.delete(loginFailures).where(eq(loginFailures.key, loginKey));
      return issue(user, randomUUID());
    },

    /**
     * Rotation: the presented token is spent; presenting a spent one again revokes its family — except within a few
     * seconds of its spending, when it is the user's other device refreshing at the same moment: that one gets the
     * same new pair.
     */
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
      const [known] = spent
        ? [spent]
        : await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      const concurrent =
        !spent && known?.spentAt && !known.revokedAt && Date.now() - known.spentAt.getTime() < CONCURRENT_REFRESH_MS;
      if (!spent && !concurrent) {
        if (known?.spentAt) {
          await db
            .update(refreshTokens)
            .set({ revokedAt: sql`now()` })
            .where(and(eq(refreshTokens.familyId, known.familyId), isNull(refreshTokens.revokedAt)));
        }
        throw unauthorized(apiMessages.refreshInvalid);
      }
      const row = known as typeof refreshTokens.$inferSelect;
      const [user] = await db.select().from(users).where(eq(users.id, row.userId));
      if (!user || (await panelClosed(user))) throw unauthorized(apiMessages.refreshInvalid);
      return issue(user, row.familyId, { presented, spentAt: row.spentAt as Date });
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

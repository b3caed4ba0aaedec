import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { selectRows } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * Counts one hit on `key` in a fixed window and refuses past `limit` (429 with the given message).
 * The counters live in the database, so every app instance shares them.
 */
export async function hitRateLimit(db: DbOrTx, key: string, limit: number, windowMinutes: number, message: string) {
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`INSERT INTO rate_counters (key, count, window_start) VALUES (${key}, 1, now())
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_counters.window_start > now() - make_interval(mins => ${windowMinutes})
                       THEN rate_counters.count + 1 ELSE 1 END,
          window_start = CASE WHEN rate_counters.window_start > now() - make_interval(mins => ${windowMinutes})
                              THEN rate_counters.window_start ELSE now() END
        RETURNING count`,
  );
  if ((row?.count ?? 0) > limit) throw new AppError(429, 'rate_limited', message);
}

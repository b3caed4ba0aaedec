import { APP_TIMEZONE } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.ts';

/**
 * Order numbers are `{n}/{MM}/{YYYY}`: n counts from 1 in each month (Warsaw time) of creation.
 * The counter row is locked by the upsert until the creating transaction ends, so concurrent
 * orders queue for it and a rolled-back order gives its number back: no gaps, no duplicates.
 */
export async function nextOrderNumber(tx: Tx, at: Date = new Date()): Promise<string> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: APP_TIMEZONE,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const month = parts.find((p) => p.type === 'month')?.value ?? '01';
  const year = parts.find((p) => p.type === 'year')?.value ?? '1970';
  const [row] = await selectRows<{ last: number }>(
    tx,
    sql`INSERT INTO order_number_counters (period, last) VALUES (${`${year}-${month}`}, 1)
        ON CONFLICT (period) DO UPDATE SET last = order_number_counters.last + 1
        RETURNING last`,
  );
  return `${row?.last ?? 1}/${month}/${year}`;
}

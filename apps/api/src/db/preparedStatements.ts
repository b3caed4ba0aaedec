import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Long reads the app repeats are sent as named (prepared) statements on PostgreSQL, as JDBC does after a few runs:
 * each connection parses such a statement once (after five runs PostgreSQL may also keep a generic plan, when one costs
 * no more than planning each run). The orders page's statement (130 columns, six joins) was parsed on every request:
 * 0.3–1.2 ms, about a third of reading its page.
 *
 * A name costs each connection that runs it memory (the orders page: ~340 kB), so only what repays it is named: a
 * SELECT of at least MIN_LENGTH characters (a short one parses in microseconds) once it was sent REPEATS times (the
 * frequent ones take the places first), at most MAX_NAMED texts per pool. A statement with a pattern (LIKE, trigram
 * `%`) is never named: how selective it is depends on the text searched, and a generic plan would choose one index for
 * every search.
 */
export const MAX_NAMED = 40;
export const MIN_LENGTH = 500;
export const REPEATS = 5;
const MAX_COUNTED = 2000;

/** Decides the name a statement's text is sent under: undefined sends it unnamed (parsed and planned for that run). */
export function createStatementNamer({ maxNamed = MAX_NAMED, repeats = REPEATS } = {}) {
  const named = new Map<string, string>();
  const sent = new Map<string, number>();
  return (text: string): string | undefined => {
    const known = named.get(text);
    if (known !== undefined) return known;
    if (named.size >= maxNamed || text.length < MIN_LENGTH) return undefined;
    if (!/^\s*select\s/i.test(text) || /\blike\b|%/i.test(text)) return undefined;
    const times = (sent.get(text) ?? 0) + 1;
    if (times < repeats) {
      // Counting every text ever sent would grow without end: a full count starts again.
      if (sent.size >= MAX_COUNTED) sent.clear();
      sent.set(text, times);
      return undefined;
    }
    sent.delete(text);
    const name = `app_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    named.set(text, name);
    return name;
  };
}

type QueryConfig = { text: string; name?: string };
const isQueryConfig = (value: unknown): value is QueryConfig =>
  typeof value === 'object' && value !== null && typeof (value as { text?: unknown }).text === 'string';

const sendQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

/** node-postgres' client for one pool (its `Client` option), naming what `nameOf` names. */
export function namingClient(nameOf = createStatementNamer()): typeof pg.Client {
  class NamingClient extends pg.Client {}
  NamingClient.prototype.query = function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
    if (isQueryConfig(config) && config.name === undefined) {
      const name = nameOf(config.text);
      if (name !== undefined) return sendQuery.call(this, { ...config, name }, ...rest);
    }
    return sendQuery.call(this, config, ...rest);
  } as pg.Client['query'];
  return NamingClient;
}

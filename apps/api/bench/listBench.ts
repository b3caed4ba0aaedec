/**
 * Every list at the bench's size (issue 35): the lists are found by calling the API (bench/lists.ts), each case is
 * answered once in process with its SQL captured, the SQL is timed alone and EXPLAINed, then the running server is
 * timed over HTTP. Targets: p95 ≤ 25 ms and ≤ 1.5× the same SQL alone; no page whose plan reads or sorts a whole
 * table of more than 10,000 rows.
 */
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, tapStatements } from '../src/db/client.ts';
import { createSoftDeleteRegistry } from '../src/modules/softDelete/registry.ts';
import { casesOf, discoverLists, type ListCase } from './lists.ts';
import { type PlanNode, planProblems, tableSizes } from './plans.ts';

export const TARGET_P95_MS = 25;
export const TARGET_RATIO = 1.5;

type Statement = { text: string; params: unknown[] };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number);
const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
};

/**
 * A total (a count, the kept counts' sum, or a scattered condition's matches counted up to the cap:
 * http/listing.ts `cappedMatches`, `SELECT 1 AS one … LIMIT cap + 1`): measured, but its plan is not a page's (a
 * sequential read that stops at the cap's 1,001st match is the planner's cheapest count of dense matches).
 */
const isTotal = (text: string) => /^\s*select\s+(count\(|coalesce\(sum\(|1 as one\b)/i.test(text);
const isRead = (text: string) => /^\s*(select|with)\b/i.test(text) && !/\bfor\s+(update|share)\b/i.test(text);

/** A plan in one line: its nodes, outermost first (`Limit > Index Scan using orders_pkey on orders`). */
function planLine(node: PlanNode & { 'Index Name'?: string }): string {
  const self = [
    node['Node Type'],
    node['Index Name'] ? `using ${node['Index Name']}` : '',
    node['Relation Name'] ? `on ${node['Relation Name']}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const children = (node.Plans ?? []).map(planLine);
  return children.length === 0 ? self : `${self} > ${children.length === 1 ? children[0] : `(${children.join('; ')})`}`;
}

export type ListBenchOptions = {
  database: Database;
  /** The database's address: the SQL is timed on a connection of its own, with the app's session settings. */
  url: string;
  config: Config;
  adminPassword: string;
  /** The running server (its totals not remembered between requests). */
  base: string;
  requests: number;
  chosen: (name: string) => boolean;
};

export async function benchLists(o: ListBenchOptions): Promise<{ cases: number; failures: string[] }> {
  const app = await buildApp({
    config: o.config,
    db: o.database.db,
    softDelete: createSoftDeleteRegistry(),
    logger: false,
  });
  await app.ready();
  const client = new pg.Client({
    connectionString: o.url,
    options: '-c random_page_cost=1.1 -c timezone=UTC -c datestyle=ISO -c jit=off -c join_collapse_limit=1',
  });
  await client.connect();
  const failures: string[] = [];
  let measured = 0;
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: o.adminPassword },
    });
    const token = (login.json() as { token: string }).token;
    const found = await discoverLists(app, o.database.db, o.config, token);
    const sizes = await tableSizes((text) => client.query(text));
    const cases: ListCase[] = [];
    for (const list of found.lists) {
      const made = await casesOf(o.database.db, list);
      cases.push(...made.cases.filter((c) => o.chosen(`list ${c.route} ${c.name}`)));
      for (const m of made.missing) console.log(`  not measured: ${list.route}: ${m}`);
    }
    for (const u of found.unanswered) console.log(`  not a list here (answered ${u.status}): ${u.route}`);
    console.log(
      `\n${found.lists.length} lists, ${cases.length} cases; HTTP and its SQL alone in turns, ${o.requests} times each, its total counted every time\n`,
    );
    console.log(`${'list · case'.padEnd(70)}   p50    p95 | SQL p95  ×SQL | plan`);
    for (const c of cases) {
      const headers: Record<string, string> = c.public ? {} : { authorization: `Bearer ${c.token ?? token}` };
      // The SQL of one answer, captured as the app runs it.
      const statements: Statement[] = [];
      tapStatements((text, params) => statements.push({ text, params }));
      let status: number;
      try {
        status = (await app.inject({ method: 'GET', url: c.url, headers })).statusCode;
      } finally {
        tapStatements(undefined);
      }
      const label = `${c.route} · ${c.name}`;
      if (status !== 200) {
        failures.push(`${label}: answered ${status}`);
        console.log(`${label.slice(0, 70).padEnd(70)} answered ${status}`);
        continue;
      }
      const reads = statements.filter((s) => isRead(s.text));
      const problems: string[] = [];
      const plans: string[] = [];
      for (const s of reads) {
        const explained = await client.query(`EXPLAIN (FORMAT JSON) ${s.text}`, s.params as unknown[]);
        const plan = (explained.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan;
        if (!plan) continue;
        plans.push(planLine(plan));
        if (!isTotal(s.text)) problems.push(...planProblems(plan, sizes));
      }
      // The SQL alone and the request in turns, as many of each: a moment the shared machine is slow falls on both,
      // not on whichever ran then (timed one after the other, the ratio was mostly that moment: 58 to 120 cases of
      // 674 over it from one run to the next on the same database).
      const sqlTimes: number[] = [];
      const httpTimes: number[] = [];
      for (let i = 0; i < o.requests + 2; i++) {
        const s0 = performance.now();
        for (const s of reads) await client.query(s.text, s.params as unknown[]);
        if (i >= 2) sqlTimes.push(performance.now() - s0);
        const t0 = performance.now();
        const res = await fetch(o.base + c.url, { headers });
        await res.arrayBuffer();
        if (i >= 2) httpTimes.push(performance.now() - t0);
        if (res.status !== 200) {
          problems.push(`HTTP ${res.status}`);
          break;
        }
      }
      measured++;
      const http = summary(httpTimes);
      const direct = summary(sqlTimes);
      const ratio = http.p95 / direct.p95;
      const slow = http.p95 > TARGET_P95_MS;
      // Over the SQL's 1.5×: reported; a failure only where the SQL itself is not below the HTTP floor of a few ms.
      const heavy = ratio > TARGET_RATIO && http.p95 - direct.p95 > 5;
      const verdict = [
        ...(slow ? [`p95 ${http.p95.toFixed(1)} ms > ${TARGET_P95_MS}`] : []),
        ...(heavy ? [`${ratio.toFixed(1)}× its SQL`] : []),
        ...problems,
      ];
      if (verdict.length > 0) failures.push(`${label}: ${verdict.join('; ')}`);
      console.log(
        `${label.slice(0, 70).padEnd(70)}${http.p50.toFixed(1).padStart(6)} ${http.p95.toFixed(1).padStart(6)} |` +
          `${direct.p95.toFixed(1).padStart(8)} ${ratio.toFixed(1).padStart(5)} | ${problems.length ? `FAIL ${problems.join('; ')} — ` : ''}${plans.join(' ‖ ')}`,
      );
    }
    return { cases: measured, failures };
  } finally {
    await client.end();
    await app.close();
  }
}

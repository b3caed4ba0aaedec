/**
 * `npm run loadtest [-- --instances 2 --users 100 --pace 2-10 --rows 100000 --seconds 60 --warmup 10] [--db URL] [--keep]
 *   [--profile DIR] [--max-p95 50]
 *   [--reuse NAME]`
 *
 * An office under load: N server processes (the built server) on one PostgreSQL database seeded by the demo seeder,
 * their requests sent in turn as a load balancer would, and U dispatchers, each doing one thing every `--pace` seconds
 * (a random pause between min and max; `--pace 0` never pauses, which measures the ceiling), drawn from loadMix.ts with
 * its shares: the orders, queries, customers, carriers and tasks pages with the filters a dispatcher uses, the drawer's
 * badge, the customer picker searched as typed, the admins' invoices of a month, payments cockpit and a bank
 * statement's lines, the carrier's link page, and tasks and queries created with an Idempotency-Key (now and then
 * sent twice, as a client does after a lost answer) and edited with If-Match. Every request is the one the web app
 * sends (apps/web/src/features/*). It prints per action p50/p95/p99, requests per second and the errors, then checks
 * that every acknowledged write is in the database exactly once, as last acknowledged (bench/writeCheck.ts). The run
 * fails (exit code 1) on an error, a write it cannot find, or an action whose p95 is above `--max-p95` ms (50).
 *
 * Setup goes through the API as the office does: the admins' accounts, a bank statement uploaded when the database has
 * none, and carrier's links issued by sending orders to their carriers.
 *
 * Database: `--db postgres://…/name` uses that database (seeded when it holds no orders yet); without it a fresh
 * database is created on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432) and dropped at the
 * end, unless `--keep` (its name is printed); `--reuse NAME` runs on such a kept database without seeding it.
 * Traffic goes to 127.0.0.1 only, and the run stops by itself after `--seconds`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { bootstrap } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { openDb, selectRows } from '../src/db/client.ts';
import { orders, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/users/passwords.ts';
import { apiRoot } from '../src/paths.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { multipart } from '../test/portalHelpers.ts';
import { percentile } from './load.ts';
import { loadVerdict, MIX, type MixKey } from './loadMix.ts';
import { type Acknowledged, checkWrites, markerOf, type StoredRow } from './writeCheck.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const instances = Number(arg('instances', '2'));
const userCount = Number(arg('users', '100'));
const rows = Number(arg('rows', '100000'));
const seconds = Number(arg('seconds', '60'));
/** Seconds of traffic before measuring: servers just started (JIT, pools, first-use caches) are not the office's day. */
const warmup = Number(arg('warmup', '10'));
const [paceMin, paceMax] = (() => {
  const pace = arg('pace', '2-10');
  const [a, b = a] = pace.split('-').map(Number);
  if (!Number.isFinite(a) || !Number.isFinite(b) || (a as number) < 0 || (b as number) < (a as number)) {
    throw new Error(`--pace: min-max seconds (2-10) or 0, not ${pace}`);
  }
  return [a as number, b as number];
})();
const keep = process.argv.includes('--keep');
const reuse = process.argv.includes('--reuse') ? arg('reuse', '') : undefined;
if (reuse !== undefined && !/^[a-z_][a-z0-9_]*$/.test(reuse)) throw new Error(`--reuse: not a database name: ${reuse}`);
const givenUrl = process.argv.includes('--db') ? arg('db', '') : undefined;
/** `--profile DIR`: each server writes a CPU profile there when it stops (open it in Chrome's DevTools). */
const profileDir = process.argv.includes('--profile') ? path.resolve(arg('profile', 'loadtest-profiles')) : undefined;
if (!Number.isInteger(warmup) || warmup < 0) throw new Error(`--warmup: a whole number ≥ 0, not ${warmup}`);
/** Issue 35's target: every action's p95 within this many milliseconds, or the run fails. */
const maxP95 = Number(arg('max-p95', '50'));
if (!Number.isFinite(maxP95) || maxP95 <= 0) throw new Error(`--max-p95: milliseconds > 0, not ${maxP95}`);
for (const [name, value] of [
  ['instances', instances],
  ['users', userCount],
  ['rows', rows],
  ['seconds', seconds],
] as const) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}: a whole number ≥ 1, not ${value}`);
}

const root = path.resolve(apiRoot, '../..');
const pgBase = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_PASSWORD = 'loadtest-admin-password';
const USER_PASSWORD = 'Dyspozytor-Obciazenie-2026';
const JWT_SECRET = 'loadtest-secret-loadtest-secret-loadtest-42';
const APP_SECRET = 'loadtest-app-secret-loadtest-app-secret';
const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;

// --- the database ---

async function prepareDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  let url: string;
  let created: string | undefined;
  if (givenUrl) url = givenUrl;
  else {
    const name = reuse ?? `loadtest_${Date.now()}`;
    if (!reuse) {
      const admin = new pg.Client({ connectionString: pgBase });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      created = name;
    }
    const u = new URL(pgBase);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const database = await openDb({ url });
  try {
    await database.migrate();
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), JWT_SECRET, ADMIN_PASSWORD });
    await bootstrap(database.db, config);
    // The load test signs in as the database's admin with its own password (a database seeded elsewhere too).
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(ADMIN_PASSWORD) })
      .where(eq(users.login, 'admin'));
    const [anOrder] = await database.db.select({ id: orders.id }).from(orders).limit(1);
    if (!anOrder && reuse === undefined) {
      console.log(`seeding ${rows.toLocaleString('en')} rows of each resource…`);
      const t0 = performance.now();
      const report = await seedDemo(database.db, { scale: rows });
      console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s:`, report);
      await database.db.execute(sql`VACUUM ANALYZE`);
    }
  } finally {
    await database.close();
  }
  return {
    url,
    async drop() {
      if (!created || keep) {
        if (created) console.log(`the database is kept: ${url} (--reuse ${created})`);
        return;
      }
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${created} WITH (FORCE)`);
      await c.end();
    },
  };
}

// --- the servers ---

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** The servers' data folders (the JWT secret, mail files): removed at the end. */
const dataDirs: string[] = [];

async function startServer(url: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const dataDir = path.join(tmpdir(), `loadtest-${runId}-${port}`);
  dataDirs.push(dataDir);
  const profiling = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = spawn('node', [...profiling, path.join(apiRoot, 'dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET,
      // Shared by the instances, as it must be: a carrier's link sealed by one is read back by the other.
      APP_SECRET,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: url,
      BACKUP_CRON: 'off',
      // Behind the load balancer the load test stands for: a carrier's address is the one it forwards.
      TRUST_PROXY: 'true',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      if (b.toString().includes('Spedycja is ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`a server exited with ${code}`)));
  });
  child.stdout?.resume();
  return { child, base: `http://127.0.0.1:${port}` };
}

// --- the client: one keep-alive pool per instance, requests in turn (round robin) ---

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
const agents: { agent: Agent; base: string }[] = [];
let turn = 0;

function send(
  method: string,
  target: string,
  token: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const to = agents[turn++ % agents.length] as { agent: Agent; base: string };
  // A Buffer goes as it is (a multipart upload, its content type in `headers`); anything else as JSON.
  const raw = Buffer.isBuffer(body);
  const payload = body === undefined ? undefined : raw ? body : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      to.base + target,
      {
        method,
        agent: to.agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload && !raw ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

// --- what is measured ---

/** `empty`: answers listing no rows (a list's page without members), told apart so that a mix hitting nothing shows. */
type Stat = { latencies: number[]; errors: number; empty: number; statuses: Map<string, number> };
const stats = new Map<string, Stat>();
const firstErrors: string[] = [];

/** Before this moment (the warm-up) answers are checked but not counted. */
let measureFrom = 0;

/** One request of an action, timed; an answer other than `expected` (or none) is an error. */
async function timed(action: string, expected: number[], work: () => Promise<Answer>): Promise<Answer | null> {
  if (performance.now() < measureFrom) {
    const answer = await work().catch(() => null);
    return answer && expected.includes(answer.status) ? answer : null;
  }
  let stat = stats.get(action);
  if (!stat) {
    stat = { latencies: [], errors: 0, empty: 0, statuses: new Map() };
    stats.set(action, stat);
  }
  const t0 = performance.now();
  try {
    const answer = await work();
    stat.latencies.push(performance.now() - t0);
    if (!expected.includes(answer.status)) {
      stat.errors++;
      stat.statuses.set(String(answer.status), (stat.statuses.get(String(answer.status)) ?? 0) + 1);
      if (firstErrors.length < 10) firstErrors.push(`${action}: ${answer.status} ${answer.body.slice(0, 200)}`);
      return null;
    }
    if (answer.body.includes('"hydra:member":[]')) stat.empty++;
    return answer;
  } catch (error) {
    stat.latencies.push(performance.now() - t0);
    stat.errors++;
    const message = (error as Error).message;
    stat.statuses.set(message, (stat.statuses.get(message) ?? 0) + 1);
    if (firstErrors.length < 10) firstErrors.push(`${action}: ${message}`);
    return null;
  }
}

/** A wrong answer that came with the expected status (a second record for one Idempotency-Key): an error too. */
function wrongAnswer(action: string, what: string) {
  const stat = stats.get(action);
  if (stat) {
    stat.errors++;
    stat.statuses.set(what, (stat.statuses.get(what) ?? 0) + 1);
  }
  if (firstErrors.length < 10) firstErrors.push(`${action}: ${what}`);
}

// --- the dispatchers ---

type Dispatcher = {
  index: number;
  token: string;
  /** The user's uuid (the token's claim, as the web app reads it): 'Moje zadania' lists the tasks assigned to it. */
  uuid: string;
  created: number;
  tasks: { ack: Acknowledged; etag: string; edits: number }[];
  queries: { ack: Acknowledged; etag: string; edits: number; body: Record<string, unknown> }[];
};
const acknowledged: Acknowledged[] = [];
let customerIris: string[] = [];
const typed = ['kow', 'kowal', 'kowalski', 'tra', 'trans', 'transpol', 'mebl', 'meblo', 'nowa', 'nowak'];
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

const ordersPages = [
  'status=aktywne&itemsPerPage=30&page=1',
  'status=aktywne&itemsPerPage=30&page=2',
  'status=aktywne&itemsPerPage=30&page=1&order[loadingDate]=desc',
  'status=wszystkie&itemsPerPage=30&page=1&loadingCountry=PL',
];
const queriesPages = [
  'status=aktywne&itemsPerPage=30&page=1',
  'status=aktywne&itemsPerPage=30&page=2&partial=true',
  'status=aktywne&itemsPerPage=30&page=1&loadingCountry=PL',
];

/** What a dispatcher types into the customers page's 'Nazwa firmy' (sent once typing pauses): the seed's stems. */
const companyNames = ['trans', 'meblo', 'agro', 'stal', 'logi', 'cargo', 'drew', 'mleko', 'auto', 'plast'];
/** 'Kraj obsługiwany' on the carriers page (`countries`), now and then the seat's 'Kraj' (`country`). */
const carrierCountries = ['countries=DE', 'countries=FR', 'countries=CZ', 'countries=NL', 'countries=LT', 'country=PL'];

/** The admins' accounts: the invoices, payments cockpit and statements screens are theirs (adminOnly routes). */
const adminTokens: string[] = [];
const adminOf = (d: Dispatcher) => adminTokens[d.index % adminTokens.length] as string;
/** The carriers' links issued in setup, each opened from its carrier's own address (X-Forwarded-For). */
let carrierLinks: { token: string; ip: string }[] = [];
/** Statements whose lines the admins open. */
let statementUuids: string[] = [];

/** A month as the invoices screen's month chooser sends it: its first and last day. */
function monthRange(monthsBack: number) {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `createdDate[after]=${day(first)}&createdDate[before]=${day(last)}`;
}

const shipment = (cargo: string, customer: string) => ({
  cargo,
  customer,
  loadingCity: 'Poznań',
  loadingCountry: 'PL',
  loadingDate: '2027-03-01',
  unloadingCity: 'Berlin',
  unloadingCountry: 'DE',
  unloadingDate: '2027-03-02',
});

const etagOf = (answer: Answer) => String(answer.headers.etag ?? '');

async function createTask(d: Dispatcher) {
  const key = `${runId}-t${d.index}-${d.created++}`;
  const body = {
    phone: '600100200',
    comment: markerOf(key),
    contactDate: new Date(Date.now() + 86_400_000).toISOString(),
  };
  const answer = await timed('create task (Idempotency-Key)', [201], () =>
    send('POST', '/api/tasks', d.token, body, { 'idempotency-key': key }),
  );
  if (!answer) return;
  const created = JSON.parse(answer.body) as { uuid: string };
  const ack: Acknowledged = { kind: 'task', key, uuid: created.uuid, value: body.comment };
  acknowledged.push(ack);
  d.tasks.push({ ack, etag: etagOf(answer), edits: 0 });
  // One in ten is sent again with the same key, as a client does after a lost answer: the same task, not a second.
  if (Math.random() < 0.1) {
    const again = await timed('create task again (same key)', [201], () =>
      send('POST', '/api/tasks', d.token, body, { 'idempotency-key': key }),
    );
    if (again && (JSON.parse(again.body) as { uuid: string }).uuid !== created.uuid) {
      wrongAnswer('create task again (same key)', `the same Idempotency-Key ${key} created a second task`);
    }
  }
}

async function editTask(d: Dispatcher) {
  const task = d.tasks.length ? pick(d.tasks) : undefined;
  if (!task) return createTask(d);
  const comment = markerOf(task.ack.key, task.edits + 1);
  const answer = await timed('edit task (If-Match)', [200], () =>
    send('PUT', `/api/tasks/${task.ack.uuid}`, d.token, { comment }, { 'if-match': task.etag }),
  );
  if (!answer) return;
  task.edits++;
  task.etag = etagOf(answer);
  task.ack.value = comment;
}

async function createQuery(d: Dispatcher) {
  const key = `${runId}-q${d.index}-${d.created++}`;
  const body: Record<string, unknown> = shipment(markerOf(key), pick(customerIris));
  const answer = await timed('create query (Idempotency-Key)', [201], () =>
    send('POST', '/api/queries', d.token, body, { 'idempotency-key': key }),
  );
  if (!answer) return;
  const created = JSON.parse(answer.body) as { uuid: string };
  const ack: Acknowledged = { kind: 'query', key, uuid: created.uuid, value: body.cargo as string };
  acknowledged.push(ack);
  d.queries.push({ ack, etag: etagOf(answer), edits: 0, body });
}

async function editQuery(d: Dispatcher) {
  const query = d.queries.length ? pick(d.queries) : undefined;
  if (!query) return createQuery(d);
  const cargo = markerOf(query.ack.key, query.edits + 1);
  const answer = await timed('edit query (If-Match)', [200], () =>
    send('PUT', `/api/queries/${query.ack.uuid}`, d.token, { ...query.body, cargo }, { 'if-match': query.etag }),
  );
  if (!answer) return;
  query.edits++;
  query.etag = etagOf(answer);
  query.ack.value = cargo;
}

async function searchCustomer(d: Dispatcher) {
  // Typed letter by letter: the picker asks after each pause in typing, from three characters on.
  const start = Math.floor(Math.random() * 4) * 3;
  for (const text of typed.slice(start, start + 3)) {
    await timed('customer search (a keystroke)', [200], () =>
      send('GET', `/api/customers?search=${encodeURIComponent(text)}&itemsPerPage=10&partial=true`, d.token),
    );
  }
}

/** The customers page as it opens (page 1 of 30), then narrowed by 'Nazwa firmy' once the typing pauses. */
async function customersPage(d: Dispatcher) {
  await timed('customers page', [200], () => send('GET', '/api/customers?page=1&itemsPerPage=30', d.token));
  const name = encodeURIComponent(pick(companyNames));
  await timed('customers page: name filter', [200], () =>
    send('GET', `/api/customers?page=1&itemsPerPage=30&companyName=${name}`, d.token),
  );
}

/** The carriers page as it opens, then narrowed to the carriers serving a country. */
async function carriersPage(d: Dispatcher) {
  await timed('carriers page', [200], () => send('GET', '/api/carriers?page=1&itemsPerPage=30', d.token));
  await timed('carriers page: country filter', [200], () =>
    send('GET', `/api/carriers?page=1&itemsPerPage=30&${pick(carrierCountries)}`, d.token),
  );
}

/** /tasks opens on 'Moje zadania' (open ones by contact date, 15 a page); one in two then clicks 'Wszystkie'. */
async function tasksPage(d: Dispatcher) {
  const tail = 'order[contactDate]=asc&page=1&itemsPerPage=15';
  await timed('tasks page: Moje zadania', [200], () =>
    send('GET', `/api/tasks?status=niewykonane&user.uuid=${d.uuid}&${tail}`, d.token),
  );
  if (Math.random() < 0.5) {
    await timed('tasks page: wszystkie', [200], () => send('GET', `/api/tasks?status=niewykonane&${tail}`, d.token));
  }
}

/** The VAT invoices of a month (this one, one time in five the last), with the month's sums the page asks beside. */
async function invoicesPage(d: Dispatcher) {
  const month = `type=vat&${monthRange(Math.random() < 0.8 ? 0 : 1)}`;
  const token = adminOf(d);
  await Promise.all([
    timed('invoices of a month', [200], () => send('GET', `/api/invoices?${month}&page=1&itemsPerPage=15`, token)),
    timed('invoices of a month: sums', [200], () => send('GET', `/api/invoices/summary?${month}`, token)),
  ]);
}

/** The payments cockpit opens on the overdue receivables; one time in three the admin looks at the payables too. */
async function paymentsCockpit(d: Dispatcher) {
  const token = adminOf(d);
  await timed('payments cockpit', [200], () =>
    send('GET', '/api/payments?side=customer&state=overdue&page=1&itemsPerPage=10', token),
  );
  if (Math.random() < 1 / 3) {
    await timed('payments cockpit: Zobowiązania', [200], () =>
      send('GET', '/api/payments?side=carrier&state=overdue&page=1&itemsPerPage=10', token),
    );
  }
}

async function statementLines(d: Dispatcher) {
  await timed("a statement's lines", [200], () =>
    send('GET', `/api/bank_statements/${pick(statementUuids)}`, adminOf(d)),
  );
}

/** A carrier opening its link (no login): from its own phone, so from its own address. */
async function carrierLinkPage() {
  const link = pick(carrierLinks);
  await timed("carrier's link page", [200], () =>
    send('GET', `/api/public/portal/${link.token}`, null, undefined, { 'x-forwarded-for': link.ip }),
  );
}

/** Each action of the mix (bench/loadMix.ts, with its share), as the dispatcher does it. */
const RUN: Record<MixKey, (d: Dispatcher) => Promise<unknown>> = {
  ordersPage: (d) => timed('orders page', [200], () => send('GET', `/api/orders?${pick(ordersPages)}`, d.token)),
  queriesPage: (d) => timed('queries page', [200], () => send('GET', `/api/queries?${pick(queriesPages)}`, d.token)),
  badge: (d) => timed('badge', [200], () => send('GET', '/api/tasks/drawerNotifications', d.token)),
  customerPicker: searchCustomer,
  customersPage,
  carriersPage,
  tasksPage,
  invoicesPage,
  paymentsCockpit,
  statementLines,
  carrierLink: carrierLinkPage,
  createTask,
  editTask,
  createQuery,
  editQuery,
};
const WEIGHT = MIX.reduce((sum, { share }) => sum + share, 0);
function nextAction() {
  let r = Math.random() * WEIGHT;
  for (const { share, key } of MIX) {
    r -= share;
    if (r < 0) return RUN[key];
  }
  return RUN.ordersPage;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(d: Dispatcher, deadline: number) {
  // Dispatchers do not start in step.
  if (paceMax > 0) await sleep(Math.random() * paceMax * 1000);
  while (performance.now() < deadline) {
    await nextAction()(d);
    if (paceMax > 0) {
      const pause = (paceMin + Math.random() * (paceMax - paceMin)) * 1000;
      await sleep(Math.min(pause, Math.max(0, deadline - performance.now())));
    }
  }
}

// --- the run ---

async function signIn(login: string, password: string) {
  const answer = await send('POST', '/api/login', null, { username: login, password });
  if (answer.status !== 200) throw new Error(`login ${login}: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { token: string }).token;
}

/** A GET that must answer 200 (setup: a wrong answer stops the run before anything is measured). */
async function getJson<T>(target: string, token: string): Promise<T> {
  const answer = await send('GET', target, token);
  if (answer.status !== 200) throw new Error(`GET ${target}: ${answer.status} ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body) as T;
}

/** The user's uuid from the token's `sub` claim, as the web app reads it (features/auth/claims.ts). */
function uuidOfToken(token: string) {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub?: unknown };
  if (typeof claims.sub !== 'string') throw new Error('the token carries no user uuid (sub)');
  return claims.sub;
}

/** Creates a user through the API unless an earlier run on this database did (422), and signs in. */
async function account(admin: string, login: string, name: string, role: 'ROLE_USER' | 'ROLE_ADMIN') {
  const created = await send('POST', '/api/users', admin, {
    login,
    name,
    plainPassword: USER_PASSWORD,
    roles: [role],
  });
  if (created.status !== 201 && created.status !== 422)
    throw new Error(`user ${login}: ${created.status} ${created.body}`);
  return signIn(login, USER_PASSWORD);
}

const mt940Amount = (hundredths: number) =>
  `${Math.floor(hundredths / 100)},${String(hundredths % 100).padStart(2, '0')}`;

/**
 * The database's statements with lines; without any (the demo seeder may write none), one uploaded as the admin does
 * on 'Wyciąg bankowy': an MT940 day of 100 credits against the open VAT invoices (half name an invoice, a quarter
 * only the payer's NIP, a quarter match nothing), as bench/statements.ts writes it.
 */
async function prepareStatements(admin: string): Promise<string[]> {
  type Listed = { 'hydra:member': { uuid: string; lineCount: number }[] };
  const kept = (await getJson<Listed>('/api/bank_statements', admin))['hydra:member'].filter((s) => s.lineCount > 0);
  if (kept.length > 0) return kept.slice(0, 20).map((s) => s.uuid);
  type Open = { number: string; currency: string; dueAmount: number | null; totalGross: number; customerNip: string };
  const open = (await getJson<{ 'hydra:member': Open[] }>('/api/invoices?type=vat&paid=false&itemsPerPage=200', admin))[
    'hydra:member'
  ].filter((i) => i.currency === 'pln');
  if (open.length === 0) throw new Error('the database has no open PLN invoices for a statement to match');
  const day = new Date().toISOString().slice(2, 10).replaceAll('-', '');
  const out = [`:20:OBC${runId}`, ':25:/PL83102010260000042270201111', ':28C:1/1', `:60F:C${day}PLN0,00`];
  let total = 0;
  for (let i = 0; i < 100; i++) {
    const invoice = open[i % open.length] as Open;
    const kind = i % 4;
    const amount = kind === 3 ? 1_234 + i : (invoice.dueAmount ?? invoice.totalGross);
    const title =
      kind < 2 ? `FV ${invoice.number} za transport` : kind === 2 ? `Zaplata NIP ${invoice.customerNip}` : 'Zwrot';
    total += amount;
    out.push(`:61:${day}${day.slice(2)}C${mt940Amount(amount)}N152NONREF//L${runId.slice(-8)}${i}`);
    out.push(`:86:020~00PRZELEW PRZYCHODZĄCY~20${title}~27KLIENT ${i}~38PL61109010140000071219812874`);
  }
  out.push(`:62F:C${day}PLN${mt940Amount(total)}`, '-');
  const form = multipart({ format: 'mt940' }, { name: 'wyciag-obciazenie.sta', data: Buffer.from(out.join('\r\n')) });
  const answer = await send('POST', '/api/bank_statements', admin, form.payload, {
    ...form.headers,
    'idempotency-key': `${runId}-statement`,
  });
  if (answer.status !== 201) throw new Error(`statement upload: ${answer.status} ${answer.body.slice(0, 300)}`);
  const statement = JSON.parse(answer.body) as { uuid: string; lines: unknown[] };
  console.log(`uploaded a statement of ${statement.lines.length} lines (the database had none)`);
  return [statement.uuid];
}

/**
 * Carrier's links as the office issues them: an active order with a carrier sent to it ('Wyślij przewoźnikowi'), its
 * link then read from the order's portal panel; an order whose link an earlier run issued keeps it. Each link gets its
 * own address, as each carrier opens it from its own phone (the servers trust X-Forwarded-For, as behind a proxy),
 * so the per-address limit counts one carrier's requests, not the whole load test's.
 */
async function prepareCarrierLinks(admin: string, wanted: number): Promise<{ token: string; ip: string }[]> {
  type Listed = { 'hydra:member': { uuid: string; carrier: unknown }[] };
  const candidates = (
    await getJson<Listed>('/api/orders?status=aktywne&itemsPerPage=200&page=1&order[loadingDate]=desc', admin)
  )['hydra:member']
    .filter((o) => o.carrier)
    .sort(() => Math.random() - 0.5);
  const network = 1 + Math.floor(Math.random() * 250);
  const links: { token: string; ip: string }[] = [];
  for (const order of candidates) {
    if (links.length >= wanted) break;
    const panel = () => getJson<{ url: string | null }>(`/api/orders/${order.uuid}/portal`, admin);
    let { url } = await panel();
    if (!url) {
      // An order the office cannot send (its carrier has no e-mail) is skipped, as a dispatcher would phone instead.
      const sent = await send('POST', `/api/orders/${order.uuid}/send/carrier`, admin);
      if (sent.status !== 200) continue;
      ({ url } = await panel());
    }
    const token = url?.split('/p/')[1];
    if (token) links.push({ token, ip: `10.${network}.${Math.floor(links.length / 250)}.${1 + (links.length % 250)}` });
  }
  if (links.length === 0) throw new Error('no active order with a carrier could be sent: no carrier link to open');
  return links;
}

async function main() {
  console.log(
    `# Load test: ${instances} instance(s), ${userCount} dispatchers, pace ${paceMax > 0 ? `${paceMin}-${paceMax} s` : '0 (the ceiling)'}, ${seconds} s`,
  );
  execFileSync('node', [path.join(apiRoot, 'build.mjs')], { cwd: apiRoot, stdio: 'inherit' });
  const database = await prepareDatabase();
  const servers: ChildProcess[] = [];
  let failed = false;
  try {
    // Started one after another: the second waits for the first's migrations (an advisory lock).
    for (let i = 0; i < instances; i++) {
      const server = await startServer(database.url);
      servers.push(server.child);
      agents.push({ agent: new Agent({ keepAlive: true, maxSockets: 256 }), base: server.base });
    }
    const admin = await signIn('admin', ADMIN_PASSWORD);
    customerIris = (
      JSON.parse((await send('GET', '/api/customers?itemsPerPage=50', admin)).body) as {
        'hydra:member': { '@id': string }[];
      }
    )['hydra:member'].map((c) => c['@id']);
    if (customerIris.length === 0) throw new Error('the database has no customers');

    const dispatchers: Dispatcher[] = [];
    for (let i = 0; i < userCount; i++) {
      const n = String(i + 1).padStart(3, '0');
      const token = await account(admin, `obciazenie${n}`, `Dyspozytor ${i + 1}`, 'ROLE_USER');
      dispatchers.push({ index: i, token, uuid: uuidOfToken(token), created: 0, tasks: [], queries: [] });
    }
    // One admin (the owner, the accountant) per 20 dispatchers.
    for (let i = 0; i < Math.ceil(userCount / 20); i++) {
      adminTokens.push(await account(admin, `obciazenie-admin${i + 1}`, `Księgowość ${i + 1}`, 'ROLE_ADMIN'));
    }
    statementUuids = await prepareStatements(admin);
    carrierLinks = await prepareCarrierLinks(admin, Math.max(10, Math.ceil(userCount / 2)));
    console.log(
      `${adminTokens.length} admin(s), ${statementUuids.length} statement(s), ${carrierLinks.length} carrier's links; ` +
        `the mix: ${MIX.map(({ share, name }) => `${name} ${((100 * share) / WEIGHT).toFixed(0)} %`).join(', ')}`,
    );

    measureFrom = performance.now() + warmup * 1000;
    const started = measureFrom;
    const deadline = started + seconds * 1000;
    await Promise.all(dispatchers.map((d) => run(d, deadline)));
    const elapsed = (performance.now() - started) / 1000;

    const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1).padStart(8) : '       -');
    let requests = 0;
    let errors = 0;

    console.log(`\n${'action'.padEnd(36)}  requests   errors    empty      p50      p95      p99  (ms)`);
    for (const [name, stat] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...stat.latencies].sort((a, b) => a - b);
      requests += sorted.length;
      errors += stat.errors;
      const detail = stat.errors ? `  ${[...stat.statuses].map(([s, n]) => `${s}×${n}`).join(', ')}` : '';

      console.log(
        `${name.padEnd(36)}${String(sorted.length).padStart(10)}${String(stat.errors).padStart(9)}${String(stat.empty).padStart(9)}${fmt(percentile(sorted, 50))} ${fmt(percentile(sorted, 95))} ${fmt(percentile(sorted, 99))}${detail}`,
      );
    }
    console.log(
      `\n${requests} requests in ${elapsed.toFixed(1)} s: ${(requests / elapsed).toFixed(1)} requests/s, ${errors} errors`,
    );
    for (const line of firstErrors) console.log(`  ${line}`);
    const failures = loadVerdict(
      [...stats].map(([name, stat]) => ({ name, latencies: stat.latencies, errors: stat.errors })),
      maxP95,
    );
    for (const failure of failures) console.log(`FAILED: ${failure}`);
    if (failures.length > 0) failed = true;

    // Every acknowledged write, once, as last acknowledged.
    const check = await openDb({ url: database.url, poolSize: 2 });
    try {
      const like = `loadtest ${runId}-%`;
      const stored: StoredRow[] = [
        ...(
          await selectRows<{ uuid: string; value: string }>(
            check.db,
            sql`SELECT uuid, comment AS value FROM tasks WHERE comment LIKE ${like}`,
          )
        ).map((r) => ({ kind: 'task' as const, ...r })),
        ...(
          await selectRows<{ uuid: string; value: string }>(
            check.db,
            sql`SELECT uuid, cargo AS value FROM queries WHERE cargo LIKE ${like}`,
          )
        ).map((r) => ({ kind: 'query' as const, ...r })),
      ];
      const result = checkWrites(acknowledged, stored);
      if (result.problems.length === 0) {
        console.log(
          `writes: ${result.acknowledged} acknowledged, each in the database exactly once as last acknowledged` +
            (result.unacknowledgedRows ? ` (and ${result.unacknowledgedRows} whose answer was lost)` : ''),
        );
      } else {
        failed = true;
        console.log(`writes: ${result.problems.length} of ${result.acknowledged} acknowledged are wrong:`);
        for (const p of result.problems.slice(0, 20)) console.log(`  ${p}`);
      }
    } finally {
      await check.close();
    }
  } finally {
    for (const a of agents) a.agent.destroy();
    for (const child of servers) {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    }
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
  if (failed) process.exitCode = 1;
}

await main();

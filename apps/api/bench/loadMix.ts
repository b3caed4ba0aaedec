import { percentile } from './load.ts';

/**
 * The load test's mix (bench/loadtest.ts): what a dispatcher does next, with its share of all actions, weighted as an
 * office works — mostly the lists, one action in five a write. The admins' screens (invoices, payments, statements)
 * and the carrier's link are a small share: an office has one admin per twenty dispatchers, and a carrier opens its
 * link a few times per order. The README's load-test table lists the same rows (test/loadtestCheck.test.ts).
 */
export const MIX = [
  { key: 'ordersPage', name: 'orders page', share: 20 },
  { key: 'queriesPage', name: 'queries page', share: 14 },
  { key: 'badge', name: "drawer's badge", share: 12 },
  { key: 'customerPicker', name: 'customer picker, typed', share: 8 },
  { key: 'customersPage', name: 'customers page, by name', share: 5 },
  { key: 'carriersPage', name: 'carriers page, by country', share: 5 },
  { key: 'tasksPage', name: 'tasks page', share: 6 },
  { key: 'invoicesPage', name: 'invoices of a month', share: 3 },
  { key: 'paymentsCockpit', name: 'payments cockpit', share: 2 },
  { key: 'statementLines', name: "a statement's lines", share: 1 },
  { key: 'carrierLink', name: "carrier's link page", share: 4 },
  { key: 'createTask', name: 'create task', share: 7 },
  { key: 'editTask', name: 'edit task', share: 5 },
  { key: 'createQuery', name: 'create query', share: 5 },
  { key: 'editQuery', name: 'edit query', share: 3 },
] as const;

export type MixKey = (typeof MIX)[number]['key'];

/** One measured action of a run: its latencies (any order) and its errors. */
export type ActionFigures = { name: string; latencies: number[]; errors: number };

/**
 * Why a run fails, one line per reason (none: it passes): any error, and every action whose p95 is above `maxP95` ms
 * (issue 35: 50). Lost or doubled writes are checked apart (writeCheck.ts).
 */
export function loadVerdict(actions: ActionFigures[], maxP95: number): string[] {
  const failures: string[] = [];
  const errors = actions.reduce((sum, a) => sum + a.errors, 0);
  if (errors > 0) failures.push(`${errors} error(s)`);
  const slow = actions
    .map((a) => ({
      name: a.name,
      p95: percentile(
        [...a.latencies].sort((x, y) => x - y),
        95,
      ),
    }))
    .filter((a) => a.p95 > maxP95)
    .map((a) => `${a.name} ${a.p95.toFixed(1)} ms`);
  if (slow.length > 0) failures.push(`p95 above ${maxP95} ms: ${slow.join(', ')}`);
  return failures;
}

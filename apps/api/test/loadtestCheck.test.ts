import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadVerdict, MIX } from '../bench/loadMix.ts';
import { type Acknowledged, checkWrites, markerOf, type StoredRow } from '../bench/writeCheck.ts';
import { apiRoot } from '../src/paths.ts';

const ack = (key: string, uuid: string, edit?: number): Acknowledged => ({
  kind: 'task',
  key,
  uuid,
  value: markerOf(key, edit),
});
const row = (key: string, uuid: string, edit?: number): StoredRow => ({
  kind: 'task',
  uuid,
  value: markerOf(key, edit),
});

describe("the load test's check of acknowledged writes", () => {
  it('passes when every acknowledged write is stored once, as last acknowledged', () => {
    const result = checkWrites(
      [ack('a', 'u1', 2), ack('b', 'u2')],
      [row('a', 'u1', 2), row('b', 'u2'), row('c', 'u3')],
    );
    expect(result).toEqual({ acknowledged: 2, unacknowledgedRows: 1, problems: [] });
  });

  it('names a lost write, a duplicate, another record and a lost edit', () => {
    const { problems } = checkWrites(
      [ack('lost', 'u1'), ack('twice', 'u2'), ack('other', 'u3'), ack('edited', 'u4', 3)],
      [row('twice', 'u2'), row('twice', 'u5'), row('other', 'u6'), row('edited', 'u4', 2), row('never', 'u7')],
    );
    expect(problems).toEqual([
      'task lost (u1) was acknowledged but is not stored',
      'task twice is stored 2 times',
      'task other is stored as u6, acknowledged as u3',
      "task edited holds 'loadtest edited edit 2', the last acknowledged edit was 'loadtest edited edit 3'",
    ]);
  });

  it('tells a task from a query with the same key, and reports an unacknowledged key stored twice', () => {
    const query: StoredRow = { kind: 'query', uuid: 'q1', value: markerOf('k') };
    const { problems, unacknowledgedRows } = checkWrites(
      [ack('k', 'u1')],
      [row('k', 'u1'), query, row('x', 'u8'), row('x', 'u9')],
    );
    expect(unacknowledgedRows).toBe(3);
    expect(problems).toEqual(['task:x (never acknowledged) is stored 2 times']);
  });
});

describe("the load test's verdict", () => {
  const ms = (count: number, value: number) => Array.from({ length: count }, () => value);

  it('passes when every p95 is within the limit and nothing failed', () => {
    // 95 of 100 at 50 ms: the p95 is 50, at the limit; the five slow ones are the p99's business.
    const latencies = [...ms(5, 400), ...ms(95, 50)];
    expect(loadVerdict([{ name: 'orders page', latencies, errors: 0 }], 50)).toEqual([]);
  });

  it('names each action whose p95 is above the limit, and counts the errors', () => {
    const failures = loadVerdict(
      [
        { name: 'orders page', latencies: ms(20, 10), errors: 0 },
        { name: 'customers page', latencies: [...ms(18, 10), 51, 70], errors: 0 },
        { name: "carrier's link page", latencies: ms(3, 5), errors: 2 },
        { name: 'badge', latencies: [], errors: 1 },
      ],
      50,
    );
    expect(failures).toEqual(['3 error(s)', 'p95 above 50 ms: customers page 51.0 ms']);
  });
});

describe("the load test's mix", () => {
  it('has shares of 100 in all, each action once', () => {
    expect(MIX.reduce((sum, a) => sum + a.share, 0)).toBe(100);
    expect(new Set(MIX.map((a) => a.key)).size).toBe(MIX.length);
  });

  it("is the README's table of shares, row for row", () => {
    const readme = readFileSync(path.resolve(apiRoot, '../../README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Load test'), readme.indexOf('### KSeF'));
    const table = section.slice(section.indexOf('| action | share |'));
    const rows = [...table.matchAll(/^\| ([^|]+?) \| (\d+) % \|/gm)].map((m) => ({ name: m[1], share: Number(m[2]) }));
    expect(rows).toEqual(MIX.map(({ name, share }) => ({ name, share })));
  });
});

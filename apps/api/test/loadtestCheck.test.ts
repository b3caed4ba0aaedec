import { describe, expect, it } from 'vitest';
import { type Acknowledged, checkWrites, markerOf, type StoredRow } from '../bench/writeCheck.ts';

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

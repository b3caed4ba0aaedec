/**
 * The load test's last question: is every write the server acknowledged in the database exactly once, as last
 * acknowledged? Each created record carries its Idempotency-Key in a text field (`loadtest <key>`, an edit appends
 * ` edit <n>`), so the rows can be found and told apart.
 */

export type Acknowledged = {
  kind: 'task' | 'query';
  key: string;
  uuid: string;
  /** The text field as the last acknowledged write left it. */
  value: string;
};

export type StoredRow = { kind: 'task' | 'query'; uuid: string; value: string };

export type WriteCheck = {
  acknowledged: number;
  /** Rows found for keys whose creation was never acknowledged (a request that failed or timed out may have committed). */
  unacknowledgedRows: number;
  problems: string[];
};

/** The Idempotency-Key a stored text carries ('loadtest <key>' or 'loadtest <key> edit <n>'). */
export const keyOf = (value: string) => /^loadtest (\S+)/.exec(value)?.[1] ?? null;
export const markerOf = (key: string, edit?: number) =>
  edit === undefined ? `loadtest ${key}` : `loadtest ${key} edit ${edit}`;

export function checkWrites(acknowledged: Acknowledged[], rows: StoredRow[]): WriteCheck {
  const byKey = new Map<string, StoredRow[]>();
  for (const row of rows) {
    const key = keyOf(row.value);
    if (key === null) continue;
    const id = `${row.kind}:${key}`;
    byKey.set(id, [...(byKey.get(id) ?? []), row]);
  }
  const problems: string[] = [];
  const acknowledgedKeys = new Set<string>();
  for (const ack of acknowledged) {
    const id = `${ack.kind}:${ack.key}`;
    acknowledgedKeys.add(id);
    const found = byKey.get(id) ?? [];
    if (found.length === 0) problems.push(`${ack.kind} ${ack.key} (${ack.uuid}) was acknowledged but is not stored`);
    else if (found.length > 1) problems.push(`${ack.kind} ${ack.key} is stored ${found.length} times`);
    else if (found[0]?.uuid !== ack.uuid) {
      problems.push(`${ack.kind} ${ack.key} is stored as ${found[0]?.uuid}, acknowledged as ${ack.uuid}`);
    } else if (found[0]?.value !== ack.value) {
      problems.push(`${ack.kind} ${ack.key} holds '${found[0]?.value}', the last acknowledged edit was '${ack.value}'`);
    }
  }
  let unacknowledgedRows = 0;
  for (const [id, found] of byKey) {
    if (acknowledgedKeys.has(id)) continue;
    unacknowledgedRows += found.length;
    if (found.length > 1) problems.push(`${id} (never acknowledged) is stored ${found.length} times`);
  }
  return { acknowledged: acknowledged.length, unacknowledgedRows, problems };
}

/**
 * The plans' check of the list bench (issue 35): a page of rows must not cost a whole table. A plan fails when it
 * reads a table of more than `threshold` rows from end to end (a Seq Scan) or sorts more than `threshold` rows (a
 * Sort over all the rows a filter left, top-N or not: it read them all to find the first ones).
 */

/** A node of `EXPLAIN (FORMAT JSON)`, as far as the check reads it. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
};

export const WHOLE_TABLE_ROWS = 10_000;

/** Each way the plan reads or sorts a whole table, in words (empty: the plan costs the page). */
export function planProblems(
  root: PlanNode,
  tableRows: ReadonlyMap<string, number>,
  threshold = WHOLE_TABLE_ROWS,
): string[] {
  const problems: string[] = [];
  const walk = (node: PlanNode) => {
    const type = node['Node Type'];
    const relation = node['Relation Name'];
    if ((type === 'Seq Scan' || type === 'Parallel Seq Scan') && relation !== undefined) {
      const rows = tableRows.get(relation) ?? 0;
      if (rows > threshold) problems.push(`Seq Scan on ${relation} (${Math.round(rows).toLocaleString('en')} rows)`);
    }
    if (type === 'Sort' || type === 'Incremental Sort') {
      // Its estimated rows are its input's: all the rows it orders before the Limit above takes the page.
      const rows = node['Plan Rows'] ?? 0;
      // An incremental sort orders groups an index already yields in order: it reads the page's groups only.
      if (type === 'Sort' && rows > threshold) {
        problems.push(
          `Sort of ${Math.round(rows).toLocaleString('en')} rows by ${(node['Sort Key'] ?? []).join(', ')}`,
        );
      }
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root);
  return problems;
}

/** The tables' sizes as the planner knows them (after ANALYZE). */
export async function tableSizes(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<Map<string, number>> {
  const { rows } = await query(
    `SELECT c.relname AS name, greatest(c.reltuples, 0)::float8 AS n FROM pg_class c
     JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = 'public' AND c.relkind IN ('r', 'p', 'm')`,
  );
  return new Map((rows as { name: string; n: number }[]).map((r) => [r.name, Number(r.n)]));
}

import type { FastifyInstance } from 'fastify';

/** The operations of the app's own OpenAPI document (/api/docs/json): a new route is in it without editing tests. */
export type Operation = {
  method: string;
  /** OpenAPI form: /api/orders/{id}/send/{party} */
  path: string;
  /** Router form: /api/orders/:id/send/:party */
  route: string;
  params: string[];
  hasBody: boolean;
  /** Top-level body properties the schema names (for per-field hostile values). */
  bodyFields: string[];
  queryFields: string[];
};

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDoc;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(item)) {
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const content = op.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        params,
        hasBody: op.requestBody !== undefined,
        bodyFields: Object.keys(schema?.properties ?? {}),
        queryFields: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return operations;
}

/** A path with each parameter replaced: `values[name]` or the given default. */
export const fillPath = (op: Operation, values: Record<string, string>, fallback: string) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? fallback));

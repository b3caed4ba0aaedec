import { apiMessages } from '@spedycja/domain';
import { AppError } from './errors.ts';

/**
 * API Platform's property filter: `properties[]=number&properties[]=loadingDate&properties[customer][]=companyName`
 * keeps only those members of each item (with `@id`, `@type` and `uuid`, and of an embedded record its `@id`). A list
 * that shows a few fields of many rows (the loadings calendar: a month of orders) sends a tenth of the bytes.
 */
export type Projection = { top: Set<string>; nested: Map<string, Set<string>> };

const NAME_RE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const NESTED_RE = /^properties\[([A-Za-z][A-Za-z0-9_]{0,63})\]\[\]$/;
const ALWAYS = ['@id', '@type', 'uuid'];

const invalid = (name: string) => new AppError(400, 'invalid_filter', apiMessages.invalidFilter(name));

function names(raw: unknown, key: string): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length > 100) throw invalid(key);
  return list.map((v) => {
    if (typeof v !== 'string' || !NAME_RE.test(v)) throw invalid(key);
    return v;
  });
}

/** The projection a query asks for, or null when it asks for whole items. */
export function projectionOf(query: Record<string, unknown>): Projection | null {
  let projection: Projection | null = null;
  for (const [key, raw] of Object.entries(query)) {
    if (key !== 'properties[]' && !key.startsWith('properties[')) continue;
    projection ??= { top: new Set(ALWAYS), nested: new Map() };
    if (key === 'properties[]') {
      for (const name of names(raw, key)) projection.top.add(name);
      continue;
    }
    const parent = NESTED_RE.exec(key)?.[1];
    if (!parent) throw invalid(key);
    projection.top.add(parent);
    const inner = projection.nested.get(parent) ?? new Set(['@id']);
    for (const name of names(raw, key)) inner.add(name);
    projection.nested.set(parent, inner);
  }
  return projection;
}

/** The asked members of an item, in the order asked (a few of many: walks the few). */
function pick(item: Record<string, unknown>, keep: Set<string>) {
  const out: Record<string, unknown> = {};
  for (const k of keep) if (Object.hasOwn(item, k)) out[k] = item[k];
  return out;
}

/** An item with only the asked members; an embedded record (or null) with only its asked members. */
export function project<T extends Record<string, unknown>>(item: T, projection: Projection | null): Partial<T> {
  if (!projection) return item;
  const out = pick(item, projection.top);
  for (const [parent, keep] of projection.nested) {
    const value = out[parent];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      out[parent] = pick(value as Record<string, unknown>, keep);
    }
  }
  return out as Partial<T>;
}

import { describe, expect, it } from 'vitest';
import { createStatementNamer, MIN_LENGTH } from './preparedStatements.ts';

const columns = Array.from({ length: 60 }, (_, i) => `"orders"."column_${i}"`).join(', ');
const page = `select ${columns} from "orders" where "orders"."status" = $1 order by "orders"."id" desc limit $2`;

describe('statement names', () => {
  it('names a long SELECT once it was sent the given number of times, the same name each time after', () => {
    const nameOf = createStatementNamer({ repeats: 3 });
    expect(page.length).toBeGreaterThanOrEqual(MIN_LENGTH);
    expect(nameOf(page)).toBeUndefined();
    expect(nameOf(page)).toBeUndefined();
    const name = nameOf(page);
    expect(name).toMatch(/^app_[0-9a-f]{24}$/);
    expect(nameOf(page)).toBe(name);
    const nextPage = `${page} offset $3`;
    for (let i = 0; i < 2; i++) expect(nameOf(nextPage)).toBeUndefined();
    expect(nameOf(nextPage)).not.toBe(name);
  });

  it('never names a search by pattern, a write, or a short read', () => {
    const nameOf = createStatementNamer({ repeats: 2 });
    const search = `${page.replace('= $1', 'like $1')}`;
    const trigram = `${page.replace('= $1', '% $1')}`;
    const write = `update "orders" set ${columns.replaceAll(', ', ' = 1, ')} = 1 where "id" = $1`;
    const short = 'select "value" from "settings" where "key" = $1';
    for (const text of [search, trigram, write, short]) {
      for (let i = 0; i < 4; i++) expect(nameOf(text), text.slice(0, 40)).toBeUndefined();
    }
  });

  it('names at most the given number of texts (each connection keeps a plan per name)', () => {
    const nameOf = createStatementNamer({ maxNamed: 2, repeats: 1 });
    const texts = ['a', 'b', 'c'].map((c) => `${page} -- ${c}`);
    expect(texts.map(nameOf).filter(Boolean)).toHaveLength(2);
    expect(nameOf(texts[2] as string)).toBeUndefined();
    expect(nameOf(texts[0] as string)).toMatch(/^app_/);
  });
});

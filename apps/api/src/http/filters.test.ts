import { sql } from 'drizzle-orm';
import { integer, PgDialect, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { type FilterSpec, likePattern, parseListQuery } from './filters.ts';

const t = pgTable('t', {
  id: integer('id'),
  uuid: uuid('uuid'),
  name: text('name'),
  status: text('status'),
  length: integer('cargo_length'),
  created: timestamp('created_at', { withTimezone: true }),
  loadingDate: timestamp('loading_date', { mode: 'string' }),
  customerUuid: uuid('customer_uuid'),
});

const spec: FilterSpec = {
  fields: {
    id: { column: t.id, type: 'int', search: 'exact', order: true },
    name: { column: t.name, type: 'string', search: 'partial', order: true },
    status: { column: t.status, type: 'string', search: 'exact', values: ['aktywne', 'nieaktywne'] },
    cargoLength: { column: t.length, type: 'int', range: true, order: true },
    createdDate: { column: t.created, type: 'timestamp', date: true, range: true, order: true },
    loadingDate: { column: t.loadingDate, type: 'date', date: true, range: true },
    'customer.uuid': { column: t.customerUuid, type: 'uuid', search: 'exact' },
  },
  custom: { search: (v) => (v ? sql`${t.name} ILIKE ${`%${v}%`}` : undefined) },
  defaults: { status: 'aktywne' },
  defaultOrder: [sql`${t.id} DESC`],
  tiebreaker: t.id,
  itemsPerPage: 8,
};

const dialect = new PgDialect();
function compile(query: Record<string, unknown>) {
  const p = parseListQuery(query, spec);
  const where = p.where ? dialect.sqlToQuery(p.where) : { sql: '', params: [] };
  const order = dialect.sqlToQuery(sql.join(p.orderBy, sql`, `));
  return { ...p, whereSql: where.sql, params: where.params, orderSql: order.sql };
}

function expect400(query: Record<string, unknown>, name: string) {
  try {
    parseListQuery(query, spec);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).detail).toBe(`Nieprawidłowa wartość parametru „${name}”.`);
    return;
  }
  throw new Error(`expected 400 for ${JSON.stringify(query)}`);
}

describe('API Platform filter parser', () => {
  it('applies the default status when none is given, and the given one otherwise', () => {
    expect(compile({}).params).toEqual(['aktywne']);
    expect(compile({ status: 'nieaktywne' }).params).toEqual(['nieaktywne']);
  });

  it('turns exact, partial and nested filters into parameters, never into SQL text', () => {
    const c = compile({
      id: '42',
      name: "O'Brien; DROP TABLE t;--",
      'customer.uuid': 'AAAAAAAA-BBBB-4CCC-8DDD-EEEEEEEEEEEE',
    });
    expect(c.whereSql).toContain('"t"."id" = $1');
    expect(c.whereSql).toContain('ILIKE $2');
    expect(c.whereSql).not.toContain('DROP');
    expect(c.params).toContain("%O'Brien; DROP TABLE t;--%");
    expect(c.params).toContain('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee');
  });

  it('escapes LIKE wildcards so that % and _ are searched literally', () => {
    expect(likePattern('50%_off\\', 'partial')).toBe('%50\\%\\_off\\\\%');
    expect(compile({ name: '100%' }).params).toContain('%100\\%%');
  });

  it('reads repeated values as IN', () => {
    const c = compile({ id: ['1', '2', '3'] });
    expect(c.whereSql).toContain('"t"."id" IN ($1, $2, $3)');
  });

  it('supports gte, lte, gt, lt and between on numbers', () => {
    const c = compile({
      'cargoLength[gte]': '1360',
      'cargoLength[lte]': '1500',
      'cargoLength[gt]': '1',
      'cargoLength[lt]': '9999',
    });
    expect(c.whereSql).toContain('"t"."cargo_length" >= $');
    expect(c.whereSql).toContain('"t"."cargo_length" <= $');
    expect(c.whereSql).toContain('"t"."cargo_length" > $');
    expect(c.whereSql).toContain('"t"."cargo_length" < $');
    expect(c.params.slice(0, 4)).toEqual([1360, 1500, 1, 9999]);
    expect(compile({ 'cargoLength[between]': '100..200' }).params.slice(0, 2)).toEqual([100, 200]);
  });

  it('treats a date-only "before" on a timestamp as the whole day in Warsaw', () => {
    const c = compile({ 'createdDate[after]': '2026-11-01', 'createdDate[before]': '2026-11-30' });
    expect(c.whereSql).toMatch(/"created_at" >= \(\$1::date::timestamp AT TIME ZONE 'Europe\/Warsaw'\)/);
    expect(c.whereSql).toMatch(/"created_at" < \(\(\$2::date \+ 1\)::timestamp AT TIME ZONE 'Europe\/Warsaw'\)/);
  });

  it('accepts full ISO datetimes and [gt]/[lt] on dates', () => {
    const c = compile({ 'loadingDate[gt]': '2026-11-01', 'loadingDate[lt]': '2026-12-01T00:00:00.000Z' });
    expect(c.whereSql).toContain('"loading_date" > $1::date');
    expect(c.whereSql).toContain('"loading_date" < $2::date');
  });

  it('orders by allowed fields, ignores unknown ones, and always ends with the tiebreaker', () => {
    expect(compile({ 'order[name]': 'asc' }).orderSql).toBe('"t"."name" ASC NULLS FIRST, "t"."id" asc');
    expect(compile({ 'order[password]': 'asc' }).orderSql).toBe('"t"."id" DESC, "t"."id" asc');
    expect(compile({ 'order[cargoLength]': 'DESC' }).orderSql).toContain('"t"."cargo_length" DESC NULLS LAST');
  });

  it('runs the tiebreaker the way the last sort key runs, so one NULLS FIRST index serves both directions', () => {
    expect(compile({ 'order[cargoLength]': 'desc' }).orderSql).toBe(
      '"t"."cargo_length" DESC NULLS LAST, "t"."id" desc',
    );
    expect(compile({ 'order[cargoLength]': 'asc' }).orderSql).toBe('"t"."cargo_length" ASC NULLS FIRST, "t"."id" asc');
  });

  it('sorts by the tiebreaker as the primary key reads it, and by nothing after it (its values are unique)', () => {
    // `id DESC NULLS LAST` is not the primary key read backwards (DESC NULLS FIRST): every row would be sorted.
    expect(compile({ 'order[id]': 'desc' }).orderSql).toBe('"t"."id" desc');
    expect(compile({ 'order[id]': 'asc' }).orderSql).toBe('"t"."id" asc');
    expect(compile({ 'order[id]': 'desc', 'order[name]': 'asc' }).orderSql).toBe('"t"."id" desc');
    expect(compile({ 'order[name]': 'asc', 'order[id]': 'desc' }).orderSql).toBe(
      '"t"."name" ASC NULLS FIRST, "t"."id" desc',
    );
    expect(compile({ 'order[id]': 'desc' }).sortKeys?.map((k) => k.direction)).toEqual(['desc']);
  });

  it('paginates: page and itemsPerPage, or everything with pagination=false', () => {
    const p = compile({ page: '3', itemsPerPage: '10' });
    expect([p.limit, p.offset, p.page]).toEqual([10, 20, 3]);
    expect(compile({}).limit).toBe(8);
    const all = compile({ pagination: 'false' });
    expect(all.limit).toBeUndefined();
    expect(all.paginated).toBe(false);
  });

  it('runs custom filters and ignores unknown parameters', () => {
    const c = compile({ search: 'łódź', deleted: 'false', 'foo[bar]': 'x' });
    expect(c.params).toContain('%łódź%');
    expect(c.whereSql).not.toContain('foo');
  });

  it('answers malformed values with a Polish 400', () => {
    expect400({ id: '12abc' }, 'id');
    expect400({ id: '1e5' }, 'id');
    expect400({ id: '99999999999999999999' }, 'id');
    expect400({ 'customer.uuid': "1' OR '1'='1" }, 'customer.uuid');
    expect400({ 'cargoLength[gte]': 'ten' }, 'cargoLength[gte]');
    expect400({ 'cargoLength[between]': '1..' }, 'cargoLength[between]');
    expect400({ 'createdDate[after]': '2026-02-30' }, 'createdDate[after]');
    expect400({ 'createdDate[after]': 'now()' }, 'createdDate[after]');
    expect400({ 'createdDate[before]': "2026-01-01'; --" }, 'createdDate[before]');
    expect400({ status: 'usuniete' }, 'status');
    expect400({ 'id[regex]': '.*' }, 'id[regex]');
    // A known field asked in a way it does not support is refused, not ignored.
    expect400({ 'name[gte]': '5' }, 'name[gte]');
    expect400({ cargoLength: '5' }, 'cargoLength');
    expect400({ id: '2147483648' }, 'id');
    expect400({ 'createdDate[after]': '0000-01-01' }, 'createdDate[after]');
    expect400({ page: '-1' }, 'page');
    expect400({ page: '1.5' }, 'page');
    expect400({ itemsPerPage: '0' }, 'itemsPerPage');
    expect400({ pagination: 'nope' }, 'pagination');
    expect400({ 'order[name]': 'sideways' }, 'order[name]');
    expect400({ name: 'x'.repeat(201) }, 'name');
    expect400({ id: Array.from({ length: 101 }, (_, i) => String(i)) }, 'id');
    expect400({ name: { nested: 'object' } }, 'name');
  });

  it('ignores empty values, as a cleared filter field sends them', () => {
    expect(compile({ name: '', 'cargoLength[gte]': '' }).params).toEqual(['aktywne']);
  });
});

describe('inherited property names (issue 13)', () => {
  it.each([
    'toString',
    'valueOf',
    'constructor',
    'hasOwnProperty',
    '__lookupGetter__',
    '__proto__',
    'isPrototypeOf[gte]',
  ])('refuses %s as a parameter with a Polish 400', (name) => {
    const error = (() => {
      try {
        parseListQuery({ [name]: '1' }, spec);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).detail).toContain(name);
  });

  it('finds only own entries of the allow-lists (order and custom filters too)', () => {
    expect(compile({ 'order[toString]': 'asc' }).orderSql).not.toContain('toString');
    const inherited: FilterSpec = { ...spec, custom: Object.create({ search: () => sql`true` }) };
    expect(parseListQuery({ search: 'x' }, inherited).present.has('search')).toBe(false);
  });
});

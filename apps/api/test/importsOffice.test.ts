import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeCustomersWorkbook } from './fixtures/imports/officeCustomers.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart } from './portalHelpers.ts';

const COUNT = 800;
type Counts = { new: number; updated: number; duplicate: number; error: number };

/**
 * The office's Excel file of 800 customers (the walk importsOffice.e2e.ts) checked and imported end to end. On PGlite
 * the check of 400 rows and more used to abort the embedded database at its commit: the phones' lookup was a
 * row-valued IN list, which PostgreSQL parses as one OR nested per pair, and a few hundred levels of it overflowed
 * PGlite's WebAssembly stack (memory corrupted, 'bad buffer ID: 0' at COMMIT, then Aborted()).
 */
describe.each(dbKinds)('an office sheet of 800 customers on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });

  it('checks, imports and gives back the rejected rows', async () => {
    const sheet = await officeCustomersWorkbook(COUNT, 12_345, 'Biuro');
    const body = multipart({ kind: 'customers' }, { name: 'kontrahenci.xlsx', data: sheet.data });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...bearer(token), ...body.headers },
    });
    expect(up.statusCode, up.body).toBe(201);
    const uploaded = up.json() as { uuid: string; rowCount: number; mapping: Record<string, number | null> };
    expect(uploaded.rowCount).toBe(COUNT);
    const { uuid } = uploaded;
    // 'Adres' holds only the street (as the walk maps it by hand).
    const mapping = { ...uploaded.mapping, streetAddress: uploaded.mapping.address ?? 4, address: null };
    const mapped = await api('PUT', `/api/imports/${uuid}/mapping`, { mapping });
    expect(mapped.statusCode, mapped.body).toBe(200);

    const check = await api('POST', `/api/imports/${uuid}/check`);
    expect(check.statusCode, check.body).toBe(200);
    const checked = check.json() as { counts: Counts; errors: { row: number; message: string }[] };
    const refused = sheet.refused.length;
    expect(checked.counts).toEqual({ new: COUNT - refused, updated: 0, duplicate: 0, error: refused });
    expect(checked.errors.map((e) => e.row)).toEqual(sheet.refused);
    // The database lives on after the check (the abort took the whole embedded database down).
    const before = await api('GET', `/api/imports/${uuid}/rejected`);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.body.trim().split(/\r?\n/)).toHaveLength(1 + refused);

    // Checked again: the same answer (nothing the first check kept is in the way).
    const again = await api('POST', `/api/imports/${uuid}/check`);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { counts: Counts }).counts).toEqual(checked.counts);

    const run = await api('POST', `/api/imports/${uuid}/run`, undefined, { 'idempotency-key': `run-${uuid}` });
    expect(run.statusCode, run.body).toBe(202);
    await t.app.imports.idle();
    const done = (await api('GET', `/api/imports/${uuid}`)).json() as { state: string; counts: Counts };
    expect(done.state).toBe('done');
    expect(done.counts).toEqual({ new: COUNT - refused, updated: 0, duplicate: 0, error: refused });
    const list = (await api('GET', '/api/customers?companyName=Biuro%20Kontrahent%202%20&itemsPerPage=5')).json();
    expect(list['hydra:member'].map((c: { companyName: string }) => c.companyName)).toContain(
      'Biuro Kontrahent 2 Sp. z o.o.',
    );

    const rejected = await api('GET', `/api/imports/${uuid}/rejected`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const lines = rejected.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Nazwa firmy;NIP;Tel.;E-mail;Adres;Kod;Miejscowość;Kraj;Uwagi;Błąd');
    expect(lines).toHaveLength(1 + refused);
    expect(lines[1]).toContain(sheet.names[(sheet.refused[0] ?? 3) - 3]);

    // The same file again: every customer found by its row of the earlier import (the phones among the keys).
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...bearer(token), ...body.headers },
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondUuid = (second.json() as { uuid: string }).uuid;
    await api('PUT', `/api/imports/${secondUuid}/mapping`, { mapping });
    const recheck = await api('POST', `/api/imports/${secondUuid}/check`);
    expect(recheck.statusCode, recheck.body).toBe(200);
    expect((recheck.json() as { counts: Counts }).counts).toEqual({
      new: 0,
      updated: 0,
      duplicate: COUNT - refused,
      error: refused,
    });
  }, 240_000);
});

import { verificationMessages as vm } from '@spedycja/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGus, startFakeGus } from './gusFake.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

/**
 * Issue 35: 'Pobierz z GUS' against both forms of GUS's 'no data' (the newer one used to become a 200 with an empty
 * company name), another error code, and a full report that fails.
 */
describe.each(dbKinds)("GUS look-up's answers on %s", (kind) => {
  let t: TestApp;
  let token: string;
  let gus: FakeGus;
  const lookUp = (nip: string) =>
    t.app.inject({ method: 'GET', url: `/api/registry/company?nip=${nip}`, headers: bearer(token) });

  beforeAll(async () => {
    gus = await startFakeGus();
    t = await createTestApp(kind, { GUS_API_URL: gus.url, GUS_API_KEY: gus.key });
    token = await t.login();
  });
  afterAll(async () => {
    await t.close();
    await gus.close();
  });

  it.each(['empty', 'error'] as const)("a NIP GUS has no data on ('%s' form) is a 404 saying so", async (form) => {
    gus.setNoDataForm(form);
    try {
      const res = await lookUp('9542751368');
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().detail).toBe('Nie znaleziono firmy o tym NIP w GUS');
      expect(vm.gusNotFound).toBe('Nie znaleziono firmy o tym NIP w GUS');
    } finally {
      gus.setNoDataForm('empty');
    }
  });

  it("another ErrorCode is a 502 naming GUS with the service's message", async () => {
    gus.failSearch('7740001454', '2', 'Do metody przekazano nieprawidłową liczbę identyfikatorów.');
    const res = await lookUp('7740001454');
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().detail).toBe('GUS (REGON): Do metody przekazano nieprawidłową liczbę identyfikatorów.');
  });

  it('a failed full report still answers the company, its status unknown', async () => {
    gus.failReports(true);
    try {
      const res = await lookUp('7792433421');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'ZAWIESZONY TRANSPORT JAN KOWALSKI', status: 'nieznany' });
    } finally {
      gus.failReports(false);
    }
  });
});

import { readFileSync } from 'node:fs';
import { importMessages } from '@spedycja/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { selectRows } from '../src/db/client.ts';
import { nextOrderNumber } from '../src/modules/orders/numbering.ts';
import { twoSheetWorkbook } from './fixtures/imports/workbook.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { multipart } from './portalHelpers.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/imports/${name}`, import.meta.url));

type Party = { uuid: string; companyName: string | null } | null;
type OrderJson = Record<string, unknown> & {
  uuid: string;
  version: number;
  number: string;
  customer: Party;
  carrier: Party;
};
type Counts = { new: number; updated: number; duplicate: number; error: number };
type Cell = { field: string; display: string; error?: string };
type Answer = {
  uuid: string;
  state: string;
  counts: Counts | null;
  checkCounts: Counts | null;
  processed: number;
  rowCount: number;
  sheet: string | null;
  sheets: string[];
  mappingName: string | null;
  columns: { index: number; header: string }[];
  proposedMapping: Record<string, number | null>;
  mapping: Record<string, number | null>;
  preview: { row: number; cells: Cell[]; errors: string[] }[];
};

/** Issue 36: customers and carriers imported from CSV and XLSX files: mapped, checked, deduplicated, re-runnable. */
describe.each(dbKinds)('imports on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let userToken: string;

  const api = (method: string, url: string, payload?: unknown, as = token, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...bearer(as), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (name: string, data: Buffer, what: string, extra: Record<string, string> = {}, as = token) => {
    const body = multipart({ kind: what, ...extra }, { name, data });
    return t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...bearer(as), ...body.headers },
    });
  };
  const uploaded = async (name: string, data: Buffer, what: string, extra: Record<string, string> = {}) => {
    const res = await upload(name, data, what, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Answer;
  };
  const run = async (uuid: string) => {
    const res = await api('POST', `/api/imports/${uuid}/run`, undefined, token, { 'idempotency-key': `run-${uuid}` });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.imports.idle();
    const done = (await api('GET', `/api/imports/${uuid}`)).json() as Answer;
    expect(done.state).toBe('done');
    return done;
  };
  const carriersList = async () =>
    (await api('GET', '/api/carriers?pagination=false')).json()['hydra:member'] as Record<string, unknown>[];
  const customersList = async () =>
    (await api('GET', '/api/customers?pagination=false')).json()['hydra:member'] as Record<string, unknown>[];
  const importsCount = async () => (await api('GET', '/api/imports')).json()['hydra:totalItems'] as number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = await t.login();
    await api('POST', '/api/users', {
      login: 'dysp',
      name: 'Dyspozytor',
      plainPassword: 'haslo-dysp-123',
      roles: ['ROLE_USER'],
    });
    userToken = await t.login('dysp', 'haslo-dysp-123');
  });
  afterAll(() => t.close());

  it('reads a Polish Excel CSV (Windows-1250, ;) and proposes the columns from its headers', async () => {
    const answer = await uploaded('przewoznicy.csv', fixture('przewoznicy-excel-cp1250.csv'), 'carriers');
    expect(answer.columns.map((c) => c.header)).toContain('Kraje obsługiwane');
    expect(answer.proposedMapping).toMatchObject({
      companyName: 0,
      name: 1,
      nip: 2,
      phone: 3,
      countries: 9,
      bankAccount: 10,
      ocpValidTo: 11,
      ocpSum: 12,
    });
    expect(answer.rowCount).toBe(5);
    const byField = (row: number) =>
      Object.fromEntries((answer.preview.find((p) => p.row === row)?.cells ?? []).map((c) => [c.field, c]));
    const first = byField(2);
    expect(first.companyName?.display).toBe('Przewóz Łódź Sp. z o.o.');
    expect(first.nip?.display).toBe('5250000110');
    expect(first.phone?.display).toBe('+48 601202303');
    expect(first.country?.display).toBe('PL (Polska)');
    expect(first.countries?.display).toBe('CZ, DE, PL');
    expect(first.ocpValidTo?.display).toBe('31/12/2027');
    expect(first.ocpSum?.display).toBe('4 500,50');
    // A German company: the VAT id gets its prefix, the phone its calling code, an Excel serial date is read.
    const german = byField(4);
    expect(german.nip?.display).toBe('DE123456789');
    expect(german.phone?.display).toBe('+49 301234567');
    expect(german.country?.display).toBe('DE (Niemcy)');
    expect(german.ocpValidTo?.display).toBe('31/12/2025');
    // The bad row: each refused cell in red with its reason.
    const bad = byField(5);
    expect(bad.nip?.error).toBe(importMessages.nipInvalid);
    expect(bad.country?.error).toBe('Nieznany kraj: Narnia');
    expect(bad.ocpValidTo?.error).toContain('32/13/2026');
    expect(bad.ocpSum?.error).toBe('To nie jest kwota: dużo');
    expect(bad.phone?.error).toBe(importMessages.phoneInvalid);
  });

  it('checks without writing, imports with a history line per record, and a second import of the file creates nothing', async () => {
    const before = (await carriersList()).length;
    const answer = await uploaded('przewoznicy.csv', fixture('przewoznicy-excel-cp1250.csv'), 'carriers');
    const check = await api('POST', `/api/imports/${answer.uuid}/check`);
    expect(check.statusCode, check.body).toBe(200);
    // 'Przewóz Łódź' (row 6) is the near-identical name of row 2: a duplicate inside the file.
    expect(check.json().counts).toEqual({ new: 3, updated: 0, duplicate: 1, error: 1 });
    expect(check.json().errors[0]).toMatchObject({ row: 5 });
    expect((await carriersList()).length).toBe(before);

    const done = await run(answer.uuid);
    expect(done.counts).toEqual({ new: 3, updated: 0, duplicate: 1, error: 1 });
    expect(done.processed).toBe(5);
    const list = await carriersList();
    expect(list.length).toBe(before + 3);
    const lodz = list.find((c) => c.nip === '5250000110') as Record<string, unknown>;
    expect(lodz).toMatchObject({
      companyName: 'Przewóz Łódź Sp. z o.o.',
      phonePrefix: '48',
      phone: '601202303',
      country: 'PL',
      countries: ['CZ', 'DE', 'PL'],
      ocpValidTo: '2027-12-31',
      ocpSum: 450050,
      bankAccounts: ['61109010140000071219812874'],
    });
    const history = (await api('GET', `/api/carriers/${lodz.uuid}/history`)).json()['hydra:member'] as {
      action: string;
      user: { name: string } | null;
      changes: { field: string; to: unknown }[];
    }[];
    const line = history.find((h) => h.changes.some((c) => c.field === 'importSource'));
    expect(line?.changes[0]?.to).toBe('przewoznicy.csv, wiersz 2');
    expect(line?.user?.name).toBeTruthy();

    // The same file again: every row is the record the first import made (by the file's hash and row, and the rules).
    const again = await uploaded('przewoznicy.csv', fixture('przewoznicy-excel-cp1250.csv'), 'carriers');
    const second = await run(again.uuid);
    expect(second.counts).toEqual({ new: 0, updated: 0, duplicate: 4, error: 1 });
    expect((await carriersList()).length).toBe(before + 3);
  });

  it('applies the duplicate policy: skip, fill only empty fields, overwrite', async () => {
    const created = await api('POST', '/api/customers', {
      companyName: 'Trans-Pol (stara nazwa)',
      nip: '9510000216',
      city: 'Radom',
    });
    expect(created.statusCode, created.body).toBe(201);
    const uuid = created.json().uuid as string;
    const file = fixture('klienci-outlook-utf8-bom.csv');

    const skip = await uploaded('klienci.csv', file, 'customers');
    expect(skip.mapping).toMatchObject({ companyName: 0, nip: 1, phone: 2, email: 3, name: 8 });
    const skipCheck = (await api('POST', `/api/imports/${skip.uuid}/check`)).json();
    // Trans-Pol matches by NIP (the database), 'TRANS POL' matches it by name (the file); one bad row.
    expect(skipCheck.counts).toEqual({ new: 2, updated: 0, duplicate: 2, error: 1 });
    await run(skip.uuid);
    expect((await api('GET', `/api/customers/${uuid}`)).json()).toMatchObject({
      companyName: 'Trans-Pol (stara nazwa)',
      email: null,
      city: 'Radom',
    });

    const fill = await uploaded('klienci.csv', file, 'customers');
    await api('PUT', `/api/imports/${fill.uuid}/mapping`, { duplicates: 'fill' });
    const fillDone = await run(fill.uuid);
    expect(fillDone.counts).toMatchObject({ new: 0, updated: 1, error: 1 });
    expect((await api('GET', `/api/customers/${uuid}`)).json()).toMatchObject({
      companyName: 'Trans-Pol (stara nazwa)',
      email: 'biuro@transpol.pl',
      city: 'Radom',
      phone: '221112233',
    });

    const overwrite = await uploaded('klienci.csv', file, 'customers');
    await api('PUT', `/api/imports/${overwrite.uuid}/mapping`, { duplicates: 'overwrite' });
    const overwriteCheck = (await api('POST', `/api/imports/${overwrite.uuid}/check`)).json();
    // Row 2 (by NIP) and row 5 ('TRANS POL', by name) both overwrite it, in the file's order.
    expect(overwriteCheck.counts.updated).toBe(2);
    await run(overwrite.uuid);
    expect((await api('GET', `/api/customers/${uuid}`)).json()).toMatchObject({
      companyName: 'TRANS POL',
      city: 'Warszawa',
      name: 'Anna Nowak',
    });
    expect((await customersList()).filter((c) => c.nip === '9510000216')).toHaveLength(1);
  });

  it('gives the rejected rows as a CSV with a Błąd column, which imports once fixed', async () => {
    const answer = await uploaded('klienci-2.csv', fixture('klienci-outlook-utf8-bom.csv'), 'customers');
    await run(answer.uuid);
    const res = await api('GET', `/api/imports/${answer.uuid}/rejected`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Company;VAT ID;Phone;E-mail;Street;Postal Code;City;Country;Contact;Błąd');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Bad Row Ltd');
    expect(lines[1]).toContain('Nieznany kraj: Atlantis');
    const fixed = `${lines[0]}\r\n${(lines[1] as string)
      .replace('+48 1', '+48 600 700 800')
      .replace('not-an-email', 'bad@row.pl')
      .replace('Atlantis', 'Wielka Brytania')}\r\n`;
    const again = await uploaded('klienci-2-odrzucone.csv', Buffer.from(fixed), 'customers');
    expect(again.mapping.companyName).toBe(0);
    const done = await run(again.uuid);
    expect(done.counts).toEqual({ new: 1, updated: 0, duplicate: 0, error: 0 });
    expect((await customersList()).find((c) => c.companyName === 'Bad Row Ltd')).toMatchObject({
      country: 'GB',
      phone: '600700800',
    });
  });

  it('reads an XLSX with two sheets and merged header cells, the first sheet or a chosen one', async () => {
    const book = await twoSheetWorkbook();
    const first = await uploaded('przewoznicy.xlsx', book, 'carriers');
    expect(first.sheets).toEqual(['Przewoźnicy', 'Archiwum']);
    expect(first.sheet).toBe('Przewoźnicy');
    expect(first.columns.map((c) => c.header)).toEqual([
      'Nazwa firmy',
      'NIP',
      'Telefon',
      'E-mail',
      'Ulica',
      'Kod pocztowy',
      'Miasto',
      'OCP do',
    ]);
    expect(first.rowCount).toBe(2);
    const cells = Object.fromEntries(first.preview[1]?.cells.map((c) => [c.field, c.display]) ?? []);
    expect(cells).toMatchObject({ phone: '+48 604222333', ocpValidTo: '31/12/2026' });
    const chosen = await uploaded('przewoznicy.xlsx', book, 'carriers', { sheet: 'Archiwum' });
    expect(chosen.sheet).toBe('Archiwum');
    expect(chosen.preview[0]?.cells.find((c) => c.field === 'country')?.display).toBe('CZ (Czechy)');
    const missing = await upload('przewoznicy.xlsx', book, 'carriers', { sheet: 'Nie ma' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe(importMessages.sheetMissing('Nie ma'));
  });

  it('reads a sheet of thousands of rows as a stream: shared strings, numbers and dates, the last row too', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Klienci');
    sheet.addRow(['Nazwa firmy', 'NIP', 'Telefon', 'Miasto', 'Kraj', 'Dodano']);
    const rows = 6000;
    for (let i = 0; i < rows; i++) {
      // Numbers as numbers (a phone typed into Excel), a date cell, and a city repeated (one shared string).
      sheet.addRow([
        `Strumień ${i} Sp. z o.o.`,
        null,
        600_000_000 + i,
        i % 2 ? 'Łódź' : 'Kraków',
        'Polska',
        new Date(Date.UTC(2025, 0, 1 + (i % 300))),
      ]);
    }
    // Written with a shared strings table, as Excel writes its files.
    const book = Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings: true }));
    const answer = await uploaded('duzy-arkusz.xlsx', book, 'customers');
    expect(answer.rowCount).toBe(rows);
    expect(answer.sheets).toEqual(['Klienci']);
    const first = Object.fromEntries(answer.preview[0]?.cells.map((c) => [c.field, c.display]) ?? []);
    expect(first).toMatchObject({ companyName: 'Strumień 0 Sp. z o.o.', phone: '+48 600000000', city: 'Kraków' });
    const [last] = await selectRows<{ row_number: number; cells: string[] }>(
      t.database.db,
      sql`SELECT r.row_number, r.cells FROM data_import_rows r JOIN data_imports i ON i.id = r.import_id
          WHERE i.uuid = ${answer.uuid} ORDER BY r.row_number DESC LIMIT 1`,
    );
    expect(last?.row_number).toBe(rows + 1);
    expect(last?.cells).toEqual([
      `Strumień ${rows - 1} Sp. z o.o.`,
      '',
      String(600_000_000 + rows - 1),
      'Łódź',
      'Polska',
      '2025-10-27',
    ]);
  });

  it("re-imports the app's own exports (CSV and XLSX) without a mapping and changes nothing", async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      for (const what of ['customers', 'carriers'] as const) {
        const exported = await api('GET', `/api/${what}/export?format=${format}`);
        expect(exported.statusCode).toBe(200);
        const before = (await api('GET', `/api/${what}?pagination=false`)).json()['hydra:member'] as {
          uuid: string;
          version: number;
        }[];
        const answer = await uploaded(`eksport.${format}`, exported.rawPayload, what);
        const done = await run(answer.uuid);
        expect(done.counts).toEqual({ new: 0, updated: 0, duplicate: before.length, error: 0 });
        const after = (await api('GET', `/api/${what}?pagination=false`)).json()['hydra:member'] as {
          uuid: string;
          version: number;
        }[];
        expect(after.map((a) => [a.uuid, a.version])).toEqual(before.map((b) => [b.uuid, b.version]));
      }
    }
  });

  it('offers a saved mapping for a file with the same headers', async () => {
    const file = fixture('klienci-outlook-utf8-bom.csv');
    const first = await uploaded('klienci.csv', file, 'customers');
    const mapping = Object.assign({}, first.mapping, { name: null });
    const saved = await api('POST', '/api/import_mappings', {
      name: 'Eksport z Outlooka',
      kind: 'customers',
      headers: first.columns.map((c) => c.header),
      mapping,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const next = await uploaded('klienci.csv', file, 'customers');
    expect(next.mappingName).toBe('Eksport z Outlooka');
    expect(next.mapping.name).toBeNull();
    const list = (await api('GET', '/api/import_mappings?kind=customers')).json();
    expect(list['hydra:member'].map((m: { name: string }) => m.name)).toContain('Eksport z Outlooka');
    const taken = await api('POST', '/api/import_mappings', {
      name: 'Eksport z Outlooka',
      kind: 'customers',
      headers: ['a'],
      mapping: {},
    });
    expect(taken.statusCode).toBe(422);
  });

  it('refuses files of another shape with a Polish 422 and writes nothing', async () => {
    const count = await importsCount();
    const pdf = await upload('klienci.csv', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n%%EOF\n'), 'customers');
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().detail).toBe(importMessages.pdf);
    const emptyBook = new ExcelJS.Workbook();
    emptyBook.addWorksheet('Arkusz1');
    const empty = await upload('pusty.xlsx', Buffer.from(await emptyBook.xlsx.writeBuffer()), 'customers');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail).toBe(importMessages.emptySheet);
    const header = await upload('naglowek.csv', Buffer.from('Nazwa firmy;NIP;Telefon\r\n;;\r\n'), 'customers');
    expect(header.statusCode).toBe(422);
    expect(header.json().detail).toBe(importMessages.headerOnly);
    // 20 MB of letters without any column a field is named by.
    const line = `${'qwertyuiopasdfghjklzxcvbnm'.repeat(5)}\n`;
    const nonsense = Buffer.from(line.repeat(Math.ceil((20 * 1024 * 1024) / line.length)));
    const big = await upload('dane.csv', nonsense, 'customers');
    expect(big.statusCode).toBe(422);
    expect(big.json().detail).toBe(importMessages.notATable);
    const binary = await upload('dane.csv', Buffer.from([0, 1, 2, 3, 255, 0, 7, 8]), 'customers');
    expect(binary.statusCode).toBe(422);
    const wrongKind = await upload('klienci.csv', fixture('klienci-outlook-utf8-bom.csv'), 'invoices');
    expect(wrongKind.statusCode).toBe(422);
    expect(await importsCount()).toBe(count);
  });

  it('resumes a run after a restart and writes nothing twice', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `Restart ${i};+48 700 100 ${String(i).padStart(3, '0')}`);
    const file = Buffer.from(`Nazwa firmy;Telefon\n${rows.join('\n')}\n`);
    // A server whose worker takes 3 rows per chunk: stopped after its first chunks.
    const slow = await buildApp({
      config: t.config,
      db: t.database.db,
      logger: false,
      imports: { chunk: 3, pollMs: 60_000 },
    });
    await slow.ready();
    const body = multipart({ kind: 'customers' }, { name: 'restart.csv', data: file });
    const up = await slow.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...bearer(token), ...body.headers },
    });
    const uuid = up.json().uuid as string;
    const started = await slow.inject({ method: 'POST', url: `/api/imports/${uuid}/run`, headers: bearer(token) });
    expect(started.statusCode).toBe(202);
    await slow.imports.stop();
    const halfway = (await api('GET', `/api/imports/${uuid}`)).json() as Answer;
    expect(halfway.state).toBe('running');
    expect(halfway.processed).toBeLessThan(30);
    await slow.close();

    // A process that died holding the import: its lease runs out, and the next worker takes the import up.
    await t.database.db.execute(
      `UPDATE data_imports SET locked_until = now() - interval '1 second' WHERE uuid = '${uuid}'` as never,
    );
    await t.app.imports.idle();
    const done = (await api('GET', `/api/imports/${uuid}`)).json() as Answer;
    expect(done.state).toBe('done');
    expect(done.processed).toBe(30);
    expect(done.counts).toEqual({ new: 30, updated: 0, duplicate: 0, error: 0 });
    const restart = (await customersList()).filter((c) => String(c.companyName).startsWith('Restart '));
    expect(restart).toHaveLength(30);
  });

  it('imports past orders: parties by NIP or name (or created), numbers kept and continued, statuses mapped, no mail', async () => {
    const customer = await api('POST', '/api/customers', { companyName: 'Mazowsze Import', nip: '1130000542' });
    expect(customer.statusCode, customer.body).toBe(201);
    const mails = async () =>
      (await t.database.db.execute('SELECT count(*)::int AS n FROM mail_outbox' as never)) as unknown;
    const mailsBefore = JSON.stringify(await mails());
    const answer = await uploaded('zlecenia.csv', fixture('zlecenia-historia.csv'), 'orders');
    expect(answer.proposedMapping).toMatchObject({
      number: 0,
      status: 1,
      customerName: 2,
      customerNip: 3,
      carrierName: 4,
      loadingPlace: 5,
      loadingDate: 6,
      unloadingPlace: 7,
      unloadingDate: 8,
      customerPrice: 9,
      customerPriceCurrency: 10,
      carrierPrice: 11,
      carrierPriceCurrency: 12,
      cargo: 13,
    });
    const first = Object.fromEntries((answer.preview[0]?.cells ?? []).map((c) => [c.field, c]));
    expect(first.status?.display).toBe('zakonczone');
    expect(first.customerPrice?.display).toBe('4 500,50');
    expect(first.loadingPlace?.display).toBe('PL 90-001 Łódź');
    // Without creating parties: the unknown carrier and customer refuse their rows.
    const refused = (await api('POST', `/api/imports/${answer.uuid}/check`)).json();
    expect(refused.counts).toEqual({ new: 1, updated: 0, duplicate: 0, error: 3 });
    expect(refused.errors.map((e: { message: string }) => e.message).join('\n')).toContain(
      'Nie znaleziono przewoźnika: Przewóz Import Łódź',
    );
    await api('PUT', `/api/imports/${answer.uuid}/mapping`, { createMissingParties: true });
    const checked = (await api('POST', `/api/imports/${answer.uuid}/check`)).json();
    expect(checked.counts).toEqual({ new: 3, updated: 0, duplicate: 0, error: 1 });
    const done = await run(answer.uuid);
    expect(done.counts).toEqual({ new: 3, updated: 0, duplicate: 0, error: 1 });
    const list = (await api('GET', '/api/orders?status=wszystkie&pagination=false')).json()[
      'hydra:member'
    ] as OrderJson[];
    const order45 = list.find((o) => o.number === '45/03/2024');
    expect(order45).toMatchObject({
      status: 'zakonczone',
      customerPrice: 450050,
      customerPriceCurrency: 'eur',
      carrierPrice: 380000,
      loadingCity: 'Łódź',
      loadingPostalCode: '90-001',
      loadingCountry: 'PL',
      unloadingCountry: 'DE',
      cargo: 'Palety',
    });
    expect(order45?.customer?.uuid).toBe(customer.json().uuid);
    expect(order45?.carrier?.companyName).toBe('Przewóz Import Łódź');
    const order46 = list.find((o) => o.number === '46/03/2024');
    expect(order46?.customer?.companyName).toBe('Nowy Klient Importu');
    // The same carrier, created once for both rows.
    expect(order46?.carrier?.uuid).toBe(order45?.carrier?.uuid);
    // 'Mazowsze Import sp. z o.o.' without a NIP: the same customer, by its near-identical name.
    expect(list.find((o) => o.number === '3/04/2024')).toMatchObject({ status: 'anulowane' });
    expect(list.find((o) => o.number === '3/04/2024')?.customer?.uuid).toBe(customer.json().uuid);
    // The stats of March 2024 count them (by their loading date; cancelled ones not), EUR in złoty at the app's rate.
    const march = (await api('GET', '/api/stats?from=2024-03-01&to=2024-03-31')).json();
    expect(march).toMatchObject({ orders: 2 });
    expect(march.revenue).toBeGreaterThan(120000);
    // The import adds its new orders to the stats once a chunk (migration 0074), not by the row trigger: the kept
    // sums are still exactly the orders' own, as the trigger keeps them for every other order.
    const kept = await selectRows<Record<string, string>>(
      t.database.db,
      sql`SELECT month::text AS month, user_id::text AS owner, orders::text AS n, revenue::text AS revenue,
                 cost::text AS cost, margin::text AS margin, margin_revenue::text AS margin_revenue
          FROM stats_monthly WHERE orders <> 0 OR revenue <> 0 OR cost <> 0 OR margin <> 0 OR margin_revenue <> 0
          ORDER BY 1, 2`,
    );
    const summed = await selectRows<Record<string, string>>(
      t.database.db,
      sql`SELECT date_trunc('month', loading_date AT TIME ZONE 'UTC')::date::text AS month,
                 coalesce(user_id, 0)::text AS owner, count(*)::text AS n,
                 coalesce(sum(customer_price_pln), 0)::text AS revenue, coalesce(sum(carrier_price_pln), 0)::text AS cost,
                 coalesce(sum(margin), 0)::text AS margin,
                 coalesce(sum(customer_price_pln) FILTER (WHERE margin IS NOT NULL), 0)::text AS margin_revenue
          FROM orders WHERE deletion_reason = 0 AND status IN ('aktywne', 'zakonczone') AND loading_date IS NOT NULL
          GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(summed.some((s) => s.month === '2024-03-01')).toBe(true);
    expect(kept).toEqual(summed);
    // The next order of March 2024 is numbered after the highest imported one; no mail was queued.
    const next = await t.database.db.transaction((tx) => nextOrderNumber(tx, new Date('2024-03-20T12:00:00Z')));
    expect(next).toBe('47/03/2024');
    expect(JSON.stringify(await mails())).toBe(mailsBefore);
    // Its history names the file and row.
    const history = (await api('GET', `/api/orders/${order45?.uuid}/history`)).json()['hydra:member'] as {
      changes: { field: string; to: unknown }[];
    }[];
    expect(history.some((h) => h.changes.some((c) => c.to === 'zlecenia.csv, wiersz 2'))).toBe(true);
    // The same file again: nothing twice.
    const again = await uploaded('zlecenia.csv', fixture('zlecenia-historia.csv'), 'orders');
    await api('PUT', `/api/imports/${again.uuid}/mapping`, { createMissingParties: true });
    const second = await run(again.uuid);
    expect(second.counts).toEqual({ new: 0, updated: 0, duplicate: 3, error: 1 });
    const carriersNamed = (await carriersList()).filter((c) => c.companyName === 'Przewóz Import Łódź');
    expect(carriersNamed).toHaveLength(1);
    // The app's own export of the orders comes back without a mapping and changes nothing.
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await api('GET', `/api/orders/export?format=${format}&status=wszystkie`);
      expect(exported.statusCode).toBe(200);
      const back = await uploaded(`zlecenia.${format}`, exported.rawPayload, 'orders');
      expect(back.mapping).toMatchObject({ number: 0, status: 1, customerName: expect.any(Number) });
      const trip = await run(back.uuid);
      expect(trip.counts).toEqual({ new: 0, updated: 0, duplicate: list.length, error: 0 });
    }
    const after = (await api('GET', '/api/orders?status=wszystkie&pagination=false')).json()['hydra:member'] as {
      uuid: string;
      version: number;
    }[];
    expect(after.map((o) => [o.uuid, o.version]).sort()).toEqual(list.map((o) => [o.uuid, o.version]).sort());
  });

  it('is for admins only: ROLE_USER gets 403 on every route', async () => {
    const answer = await uploaded('klienci.csv', fixture('klienci-outlook-utf8-bom.csv'), 'customers');
    const id = answer.uuid;
    expect(
      (await upload('klienci.csv', fixture('klienci-outlook-utf8-bom.csv'), 'customers', {}, userToken)).statusCode,
    ).toBe(403);
    for (const [method, url, payload] of [
      ['GET', '/api/imports'],
      ['GET', `/api/imports/${id}`],
      ['GET', `/api/imports/${id}/preview`],
      ['PUT', `/api/imports/${id}/mapping`, { duplicates: 'fill' }],
      ['POST', `/api/imports/${id}/check`],
      ['POST', `/api/imports/${id}/run`],
      ['POST', `/api/imports/${id}/verify`],
      ['GET', `/api/imports/${id}/rejected`],
      ['GET', '/api/import_mappings'],
      ['POST', '/api/import_mappings', { name: 'x', kind: 'customers', headers: ['a'], mapping: {} }],
    ] as [string, string, unknown?][]) {
      expect((await api(method, url, payload, userToken)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setExportBatch } from '../src/http/export.ts';
import { orderOf, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

const ORDER_HEADERS =
  '#;Status;Towar;Wymiary towaru;Waga towaru (t);Miejsce załadunku;Miejsce rozładunku;Data załadunku;' +
  'Data rozładunku;Odległość (km);Cena klienta;Waluta ceny klienta;Cena przewoźnika;Waluta ceny przewoźnika;' +
  'Marża (PLN);Marża (%);Typ załadunku;Klient;Klient opłacił;Przewoźnik;Opiekun;Data dodania;Dodatkowe informacje';

/** The CSV's records, header first, without the BOM (quoted fields with semicolons and doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

describe.each(dbKinds)('exports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let customer: string;

  const call = (token: string | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const api = (method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(admin),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  beforeAll(async () => {
    // Three rows a batch: the lists below take several, over ties and empty values.
    setExportBatch(3);
    t = await createTestApp(kind);
    admin = await t.login();
    await api('POST', '/api/users', {
      login: 'ewa',
      name: 'Ewa',
      plainPassword: 'haslo-ewy-123',
      roles: ['ROLE_USER'],
    });
    user = await t.login('ewa', 'haslo-ewy-123');
    customer = (
      await api('POST', '/api/customers', {
        companyName: 'Eksport; "Cudzysłów" Sp. z o.o.',
        city: 'Łódź',
        nip: '7831672591',
      })
    ).json()['@id'];
    for (const name of ['Zeta', 'alfa', 'Beta', 'beta', 'Gamma'])
      await api('POST', '/api/customers', { companyName: name });
    const carrier = (
      await api('POST', '/api/carriers', { companyName: 'Przewoźnik Eksport', phone: '600100200' })
    ).json()['@id'];
    for (let i = 0; i < 11; i++) {
      const res = await api(
        'POST',
        '/api/orders',
        orderOf(customer, {
          cargo: `Towar ${i}`,
          // Ties in the loading date and in the carrier price, and orders without a carrier price.
          loadingDate: `2026-12-0${1 + (i % 3)} 08:30`,
          unloadingDate: '2026-12-09',
          customerPrice: 100000 + i * 1000,
          customerPriceCurrency: i % 4 === 0 ? 'eur' : 'pln',
          euroExchangeRate: 430,
          ...(i % 3 === 0 ? {} : { carrier, carrierPrice: 50000 + (i % 2) * 1000 }),
          customerDateOfPayment: i % 2 ? '2026-01-10' : null,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    for (let i = 0; i < 4; i++) await api('POST', '/api/queries', queryOf(customer, { cargo: `Zapytanie ${i}` }));
  });
  afterAll(async () => {
    setExportBatch(2000);
    await t.close();
  });

  const listNumbers = async (query: string) => {
    const res = await api('GET', `/api/orders?pagination=false&${query}`);
    return res.json()['hydra:member'].map((o: { number: string }) => o.number);
  };

  it('exports every row of the orders list in its order, as CSV with a BOM, semicolons and Polish headers', async () => {
    for (const query of [
      '',
      'order[carrierPrice]=asc',
      'order[carrierPrice]=desc',
      'order[loadingDate]=desc',
      'order[margin]=asc&customerPrice[gte]=103000',
      'order[customer.companyName]=asc&order[loadingDate]=asc',
      // A joined record's filters (semi-joins: each batch's ids read first) with a kept name's sort.
      'customer.companyName=a&order[customer.companyName]=desc',
      'customer=a&order[carrierPrice]=asc',
    ]) {
      const res = await api('GET', `/api/orders/export?format=csv&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="zlecenia-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header, ...rows] = csvRows(res.body);
      expect(header?.join(';')).toBe(ORDER_HEADERS);
      const total = (await api('GET', `/api/orders?${query}`)).json()['hydra:totalItems'];
      expect(rows).toHaveLength(total);
      expect(rows.map((r) => r[0])).toEqual(await listNumbers(query));
    }
    const [, first] = csvRows((await api('GET', '/api/orders/export?order[number]=asc')).body);
    // Towar 0: 1000,00 € at 4,30 zł; no carrier; a semicolon and quotes in the customer's name quoted as CSV does.
    expect(first?.slice(7, 16)).toEqual(['01/12/2026 08:30', '09/12/2026', '287', '1000,00', 'EUR', '', 'PLN', '', '']);
    const raw = (await api('GET', '/api/orders/export?order[number]=asc')).body;
    expect(raw).toContain(';"Eksport; ""Cudzysłów"" Sp. z o.o.";Nie;');
  });

  it('writes an XLSX that exceljs reads back with typed cells', async () => {
    const res = await api('GET', '/api/orders/export?format=xlsx&order[number]=asc&customerPriceCurrency=pln');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const total = (await api('GET', '/api/orders?customerPriceCurrency=pln')).json()['hydra:totalItems'];
    expect(sheet.actualRowCount).toBe(total + 1);
    expect((sheet.getRow(1).values as unknown[]).slice(1).join(';')).toBe(ORDER_HEADERS);
    const row = sheet.getRow(2);
    // Towar 1: 1010,00 zł against 510,00 zł.
    expect(row.getCell(3).value).toBe('Towar 1');
    expect(row.getCell(8).value).toEqual(new Date('2026-12-02T08:30:00Z'));
    expect(row.getCell(8).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(row.getCell(11).value).toBe(1010);
    expect(row.getCell(11).numFmt).toBe('#,##0.00');
    expect(row.getCell(12).value).toBe('PLN');
    expect(row.getCell(13).value).toBe(510);
    expect(row.getCell(15).value).toBe(500);
    expect(row.getCell(16).value).toBe(49.5);
    expect(row.getCell(19).value).toBe('Nie');
  });

  it('exports the other tables with the counts of their lists', async () => {
    for (const [path, query] of [
      ['queries', 'order[loadingDate]=asc'],
      ['tasks', ''],
      ['customers', ''],
      ['customers', 'search=beta'],
      ['customers', 'order[companyName]=desc'],
      ['carriers', ''],
      ['invoices', ''],
      ['loadings/archive', ''],
      // Sorted by a joined record's column: the batches read the join (the page's ids-first read is the list's own).
      ['loadings/archive', 'order[customer.companyName]=desc'],
      ['loadings/archive', 'order[user.name]=asc'],
      ['payments', 'side=customer&state=overdue'],
      ['payments', 'side=carrier&order[party.companyName]=asc&loadingDate[after]=2020-01-01'],
      ['payments', 'side=carrier'],
    ] as const) {
      const res = await api('GET', `/api/${path}/export?${query}`);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      const rows = csvRows(res.body).slice(1);
      const list = (await api('GET', `/api/${path}?pagination=false&${query}`)).json();
      expect(rows.length, `${path}?${query}`).toBe(list['hydra:totalItems']);
      if (path === 'customers') {
        expect(rows.map((r) => r[1])).toEqual(list['hydra:member'].map((c: { companyName: string }) => c.companyName));
      }
    }
    const overdue = csvRows((await api('GET', '/api/payments/export?side=customer&state=overdue')).body);
    expect(overdue[0]?.slice(0, 4)).toEqual(['Zlecenie', 'Klient', 'Kwota', 'Waluta']);
    expect(overdue).toHaveLength(1 + 5);
  });

  it('writes text that a spreadsheet would run as a formula as inert text, in CSV and XLSX alike', async () => {
    const hostile = (
      await api('POST', '/api/customers', {
        companyName: '=HYPERLINK("http://x","Kliknij")',
        name: '-2+3+cmd',
        streetAddress: '@SUM(1+1)',
        phone: '601 234 567',
        city: 'Kalisz',
      })
    ).json();
    expect(hostile.phonePrefix).toBe('48');
    // A loss-making order for it: its negative margin stays a number.
    const carrier = (await api('GET', '/api/carriers')).json()['hydra:member'][0]['@id'];
    const order = await api(
      'POST',
      '/api/orders',
      orderOf(hostile['@id'], { cargo: '+Towar', customerPrice: 50000, carrier, carrierPrice: 60000 }),
    );
    expect(order.statusCode, order.body).toBe(201);

    const csv = await api('GET', '/api/customers/export?format=csv');
    const [header, ...rows] = csvRows(csv.body);
    const row = rows.find((r) => r[1]?.includes('HYPERLINK'));
    const at = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(at('Nazwa firmy')).toBe('\'=HYPERLINK("http://x","Kliknij")');
    expect(at('Imię i nazwisko')).toBe("'-2+3+cmd");
    expect(at('Telefon')).toBe("'+48 601234567");
    expect(at('Adres')).toBe("'@SUM(1+1), Kalisz");
    // No field of the file begins with a formula character.
    for (const field of csvRows(csv.body).flat()) expect(field).not.toMatch(/^[=+\-@\t\r]/);

    const orders = csvRows((await api('GET', '/api/orders/export?format=csv&order[number]=desc')).body);
    const orderRow = orders.find((r) => r[17]?.includes('HYPERLINK'));
    expect(orderRow?.[2]).toBe("'+Towar");
    expect(orderRow?.[17]).toBe('\'=HYPERLINK("http://x","Kliknij")');
    // The margin: 500,00 zł against 600,00 zł, written by the server as a number.
    expect(orderRow?.[14]).toBe('-100,00');

    const xlsx = await api('GET', '/api/customers/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((r) => {
      if (String(r.getCell(2).value).includes('HYPERLINK')) found = r;
    });
    if (!found) throw new Error('the customer is not in the XLSX');
    const cell = (name: string) => (found as ExcelJS.Row).getCell(headers.indexOf(name) + 1);
    // A string cell with the text as typed: XLSX knows text from formulas, so no apostrophe is needed.
    expect(cell('Nazwa firmy').type).toBe(ExcelJS.ValueType.String);
    expect(cell('Nazwa firmy').value).toBe('=HYPERLINK("http://x","Kliknij")');
    expect(cell('Nazwa firmy').formula).toBeUndefined();
    expect(cell('Telefon').type).toBe(ExcelJS.ValueType.String);
    expect(cell('Telefon').value).toBe('+48 601234567');
    // The file holds no formula at all (<f> elements).
    const files = unzipSync(new Uint8Array(xlsx.rawPayload));
    const sheets = Object.keys(files).filter((name) => name.startsWith('xl/worksheets/'));
    expect(sheets.length).toBeGreaterThan(0);
    for (const name of sheets) expect(strFromU8(files[name] as Uint8Array)).not.toMatch(/<f[ >]/);
  });

  it('keeps the lists role rules and refuses bad parameters in Polish', async () => {
    expect((await call(null, '/api/orders/export')).statusCode).toBe(401);
    expect((await call(user, '/api/orders/export?format=xlsx')).statusCode).toBe(200);
    expect((await call(user, '/api/orders/export?deletionReason[gt]=0')).statusCode).toBe(403);
    expect((await call(user, '/api/invoices/export')).statusCode).toBe(403);
    expect((await call(user, '/api/payments/export')).statusCode).toBe(403);
    const badFormat = await api('GET', '/api/orders/export?format=pdf');
    expect(badFormat.statusCode).toBe(400);
    const badFilter = await api('GET', '/api/orders/export?customerPrice[gte]=dużo');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().detail).toBe('Nieprawidłowa wartość parametru „customerPrice[gte]”.');
  });
});

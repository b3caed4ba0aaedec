import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, fileNameFromDisposition } from './apiClient.ts';
import { session } from './session.ts';

describe('fileNameFromDisposition', () => {
  it('reads the quoted, the bare and the RFC 5987 names', () => {
    expect(fileNameFromDisposition('attachment; filename="zlecenie_12-11-2026_klient.pdf"')).toBe(
      'zlecenie_12-11-2026_klient.pdf',
    );
    expect(fileNameFromDisposition('attachment; filename=plik.docx')).toBe('plik.docx');
    expect(
      fileNameFromDisposition(`attachment; filename="zlecenie.pdf"; filename*=UTF-8''zlecenie_%C5%81%C3%B3d%C5%BA.pdf`),
    ).toBe('zlecenie_Łódź.pdf');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

describe('api.file', () => {
  let calls: { url: string; init: RequestInit }[];
  beforeEach(() => {
    calls = [];
    session.setTokens({ token: 'old-token', refreshToken: 'refresh-1' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the file with the bearer token, refreshing it once on a 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, init });
        if (url === '/api/token/refresh') {
          return new Response(JSON.stringify({ token: 'new-token', refreshToken: 'refresh-2' }), { status: 200 });
        }
        const auth = (init.headers as Record<string, string>).Authorization;
        if (auth !== 'Bearer new-token') return new Response(null, { status: 401 });
        return new Response('%PDF-1.7 …', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="zlecenie_1-11-2026_przewoznik.pdf"',
          },
        });
      }),
    );
    const file = await api.file('/orders/abc/export/pdf/carrier');
    expect(file.fileName).toBe('zlecenie_1-11-2026_przewoznik.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7 …');
    expect(calls.map((c) => c.url)).toEqual([
      '/api/orders/abc/export/pdf/carrier',
      '/api/token/refresh',
      '/api/orders/abc/export/pdf/carrier',
    ]);
    expect((calls[0]?.init.headers as Record<string, string> | undefined)?.Accept).toBe('*/*');
  });

  it("fails with the server's explanation", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ title: 'Not Found', status: 404, detail: 'Nie znaleziono zasobu.' }), {
            status: 404,
            headers: { 'Content-Type': 'application/problem+json' },
          }),
      ),
    );
    const failure = await api.file('/orders/x/export/word/customer').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).detail).toBe('Nie znaleziono zasobu.');
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local VIES REST service (`POST /check-vat-number`) answering as the EU's does: a valid number with its name and
 * address (and a requestIdentifier when the requester's number is sent), an invalid one ('---' for name and address),
 * and a member state that is down: `{actionSucceed: false, errorWrappers: [{error: 'MS_UNAVAILABLE'}]}`.
 */
export const FAKE_VIES_VALID: Record<string, { name: string; address: string }> = {
  DE123456789: { name: 'Spedition Müller GmbH', address: 'Hauptstraße 1\n10115 Berlin' },
  CZ12345678: { name: 'Doprava Novák s.r.o.', address: 'Národní 10\n110 00 Praha' },
};
/** Country codes whose service is "down". */
export const FAKE_VIES_UNAVAILABLE = new Set(['FR']);

export type FakeVies = { url: string; requests: unknown[]; close(): Promise<void> };

export async function startFakeVies(options: { port?: number; host?: string } = {}): Promise<FakeVies> {
  const requests: unknown[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || !req.url?.endsWith('/check-vat-number')) return json(404, {});
      let body: {
        countryCode?: string;
        vatNumber?: string;
        requesterMemberStateCode?: string;
        requesterNumber?: string;
      };
      try {
        body = JSON.parse(raw);
      } catch {
        return json(400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
      }
      requests.push(body);
      const country = String(body.countryCode ?? '').toUpperCase();
      const number = String(body.vatNumber ?? '');
      if (!/^[A-Z]{2}$/.test(country) || !number) {
        return json(400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
      }
      if (FAKE_VIES_UNAVAILABLE.has(country)) {
        return json(200, {
          actionSucceed: false,
          errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'The member state service is unavailable.' }],
        });
      }
      const known = FAKE_VIES_VALID[`${country}${number}`];
      return json(200, {
        countryCode: country,
        vatNumber: number,
        requestDate: new Date().toISOString(),
        valid: Boolean(known),
        requestIdentifier: body.requesterNumber ? `WAPIAAAA${randomBytes(4).toString('hex').toUpperCase()}` : '',
        name: known?.name ?? '---',
        address: known?.address ?? '---',
        traderName: '',
        traderStreet: '',
        traderPostalCode: '',
        traderCity: '',
        traderCompanyType: '',
        traderNameMatch: 'NOT_PROCESSED',
        traderStreetMatch: 'NOT_PROCESSED',
        traderPostalCodeMatch: 'NOT_PROCESSED',
        traderCityMatch: 'NOT_PROCESSED',
        traderCompanyTypeMatch: 'NOT_PROCESSED',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}/taxation_customs/vies/rest-api`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

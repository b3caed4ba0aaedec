import { IntegrationError, xmlText } from '../errors.ts';
import { bodies, envelope, type GusOperation } from './soap.ts';
import type { GusClient, GusCompany } from './types.ts';

/** KomunikatKod (GetValue) after an empty answer: 4 = no data for the parameters, 7 = no session / it expired. */
const NO_DATA = '4';
const NO_SESSION = '7';

const SERVICE = 'GUS (REGON)';

/**
 * A small BIR1.1 client (SOAP 1.2, as GUS speaks it): `Zaloguj` with the user key gives a session id, sent in the
 * `sid` HTTP header of the later calls; `DaneSzukajPodmioty` finds the company by NIP and `DanePobierzPelnyRaport`
 * reads its suspension; an empty answer is explained by `GetValue(KomunikatKod)`. The session is reused while it is
 * valid and opened again once when GUS says it expired; `close()` ends it with `Wyloguj`. (The `bir1` package has
 * GUS's addresses fixed inside, so it cannot be pointed at GUS_API_URL or the tests' fake.)
 */
export function createGusClient(options: { url: string; key: string | undefined; timeoutMs?: number }): GusClient {
  const { url, key } = options;
  const timeout = options.timeoutMs ?? 8000;
  let sid: string | null = null;

  async function call(operation: GusOperation, body: string, withSid: boolean): Promise<string> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': `application/soap+xml; charset=utf-8`,
          ...(withSid && sid ? { sid } : {}),
        },
        body: envelope(url, operation, body),
        signal: AbortSignal.timeout(timeout),
      });
    } catch {
      throw new IntegrationError('unavailable', SERVICE, `${SERVICE} nie odpowiada`);
    }
    const text = await res.text();
    if (!res.ok) throw new IntegrationError('unavailable', SERVICE, `${SERVICE}: HTTP ${res.status}`);
    const result = xmlText(text, `${operation}Result`);
    if (result === null) throw new IntegrationError('unavailable', SERVICE, `${SERVICE}: odpowiedź bez wyniku`);
    return result.trim();
  }

  async function login(): Promise<void> {
    if (!key) throw new IntegrationError('not_configured', SERVICE, 'GUS_API_KEY');
    sid = await call('Zaloguj', bodies.Zaloguj(key), false);
    if (!sid) throw new IntegrationError('unavailable', SERVICE, `${SERVICE}: odrzucono klucz użytkownika`);
  }

  /** An operation in the session; an empty answer is explained by KomunikatKod (no data: ''; expired: log in again). */
  async function inSession(operation: GusOperation, body: string): Promise<string> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!sid) await login();
      const result = await call(operation, body, true);
      if (result) return result;
      const code = await call('GetValue', bodies.GetValue('KomunikatKod'), true);
      if (code === NO_SESSION) {
        sid = null;
        continue;
      }
      if (code === NO_DATA) return '';
      throw new IntegrationError('unavailable', SERVICE, `${SERVICE}: KomunikatKod ${code}`);
    }
    throw new IntegrationError('unavailable', SERVICE, `${SERVICE}: sesja wygasła`);
  }

  return {
    async findByNip(nip) {
      const found = await inSession('DaneSzukajPodmioty', bodies.DaneSzukajPodmioty(nip));
      const dane = found ? xmlText(found, 'dane') : null;
      if (!dane) return null;
      // The newer form of 'no data': an error inside the result instead of an empty one (BIR1.1 since 2020).
      const errorCode = xmlText(dane, 'ErrorCode')?.trim();
      if (errorCode) {
        if (errorCode === NO_DATA) return null;
        const message = xmlText(dane, 'ErrorMessagePl')?.trim() || `kod błędu ${errorCode}`;
        throw new IntegrationError('refused', SERVICE, `${SERVICE}: ${message}`);
      }
      const field = (name: string) => xmlText(dane, name)?.trim() || null;
      const regon = field('Regon');
      const number = [field('NrNieruchomosci'), field('NrLokalu')].filter(Boolean).join('/');
      const streetName = field('Ulica') ?? field('Miejscowosc');
      const postal = field('KodPocztowy');
      let status: GusCompany['status'] = 'aktywna';
      let endedOn = field('DataZakonczeniaDzialalnosci');
      if (endedOn) status = 'wykreślona';
      else if (regon) {
        // The company is known without the full report: a report that fails leaves its status unknown rather than
        // failing the whole look-up.
        const suspended = await suspension(regon, field('Typ'), field('SilosID')).catch((error: unknown) => {
          if (error instanceof IntegrationError && error.kind !== 'not_configured') return undefined;
          throw error;
        });
        if (suspended === undefined) status = 'nieznany';
        else if (suspended) {
          status = 'zawieszona';
          endedOn = suspended;
        }
      }
      return {
        nip: field('Nip') ?? nip,
        regon,
        name: field('Nazwa') ?? '',
        street: streetName ? [streetName, number].filter(Boolean).join(' ') : null,
        postalCode: postal && /^\d{5}$/.test(postal) ? `${postal.slice(0, 2)}-${postal.slice(2)}` : postal,
        city: field('MiejscowoscPoczty') ?? field('Miejscowosc'),
        status,
        endedOn,
      };
    },
    async close() {
      if (!sid) return;
      await call('Wyloguj', bodies.Wyloguj(sid), true).catch(() => undefined);
      sid = null;
    },
  };

  /** The day the activity was suspended and not resumed since (the full report), or null. */
  async function suspension(regon: string, type: string | null, silos: string | null): Promise<string | null> {
    const report = type === 'P' ? 'BIR11OsPrawna' : silos === '1' ? 'BIR11OsFizycznaDzialalnoscCeidg' : null;
    if (!report) return null;
    const prefix = type === 'P' ? 'praw' : 'fiz';
    const xml = await inSession('DanePobierzPelnyRaport', bodies.DanePobierzPelnyRaport(regon, report));
    const suspended = xml ? xmlText(xml, `${prefix}_dataZawieszeniaDzialalnosci`)?.trim() : null;
    const resumed = xml ? xmlText(xml, `${prefix}_dataWznowieniaDzialalnosci`)?.trim() : null;
    return suspended && !(resumed && resumed >= suspended) ? suspended : null;
  }
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local NBP web API: table A EUR mid rates for working days (`/exchangerates/rates/a/eur/{from}/{to}/`) and the
 * latest one (`/exchangerates/rates/a/eur/`), JSON as NBP answers, 404 'Brak danych' when a range has none.
 * `setFailing(true)`, or `POST /__fake/switches {"fail503": true}` from another process (the browser walks), makes it
 * answer 503 as NBP does when it is down.
 */
export type FakeNbp = {
  url: string;
  requests: string[];
  /** Answers that long later from now on (a slow NBP). */
  setDelay(ms: number): void;
  /** Answers 503 to every rate request from now on (NBP down), or rates again. */
  setFailing(failing: boolean): void;
  close(): Promise<void>;
};

/** A deterministic rate per day: 4.2xxx, different every day. */
export const fakeMid = (day: string) => 4.2 + (Number(day.replaceAll('-', '')) % 97) / 10_000;
const isWorkingDay = (day: string) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

export async function startFakeNbp(latestDay = '2026-11-20'): Promise<FakeNbp> {
  const requests: string[] = [];
  let delayMs = 0;
  let failing = false;
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/__fake/switches') {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        failing = (JSON.parse(body || '{}') as { fail503?: boolean }).fail503 === true;
        res.writeHead(204).end();
      });
      return;
    }
    if (delayMs > 0) {
      const wait = delayMs;
      setTimeout(() => answer(req, res), wait);
    } else answer(req, res);
  });
  function answer(req: IncomingMessage, res: ServerResponse) {
    requests.push(req.url ?? '');
    if (failing) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('503 Service Unavailable');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://nbp');
    const range = /^\/exchangerates\/rates\/a\/eur\/(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})\/?$/.exec(url.pathname);
    const days: string[] = [];
    if (range?.[1] && range[2]) {
      for (
        let d = new Date(`${range[1]}T00:00:00Z`);
        d.toISOString().slice(0, 10) <= range[2];
        d.setUTCDate(d.getUTCDate() + 1)
      ) {
        const day = d.toISOString().slice(0, 10);
        if (isWorkingDay(day)) days.push(day);
      }
    } else if (/^\/exchangerates\/rates\/a\/eur\/?$/.test(url.pathname)) {
      days.push(latestDay);
    } else {
      res
        .writeHead(400, { 'content-type': 'text/plain' })
        .end('400 BadRequest - Błędny zakres dat / Invalid date range');
      return;
    }
    if (days.length === 0) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('404 NotFound - Not Found - Brak danych');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(
      JSON.stringify({
        table: 'A',
        currency: 'euro',
        code: 'EUR',
        rates: days.map((day) => ({
          no: `${(Number(day.slice(5, 7)) * 21 + Number(day.slice(8, 10))) % 250}/A/NBP/${day.slice(0, 4)}`,
          effectiveDate: day,
          mid: Number(fakeMid(day).toFixed(4)),
        })),
      }),
    );
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setDelay: (ms) => {
      delayMs = ms;
    },
    setFailing: (on) => {
      failing = on;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { allFilters, filters } from './fixtures.ts';

/**
 * Issue 39: the carrier's phone (390×844) shares its position from the order's link, with Chromium's geolocation
 * permission and a set position moved on; the dispatcher sees a late order's mark in the orders list, finds it with
 * the filter 'opóźnione', and opens its map and ETA (drawn without tiles) in the order modal.
 */

const suffix = Date.now().toString(36);
const HOUR = 3_600_000;

async function api(method: string, apiPath: string, body?: unknown): Promise<Record<string, unknown>> {
  const login = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${baseURL()}/api${apiPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `Bearer ${token}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

describe('positions and the ETA: the carrier sharing from a phone, the dispatcher seeing the delay', () => {
  let browser: Browser;
  let customer: Record<string, unknown>;
  let carrier: Record<string, unknown>;

  const order = async (cargo: string, truck: string, loadingAt: number, unloadingAt: number) =>
    api('POST', '/orders', {
      cargo,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: new Date(loadingAt).toISOString(),
      unloadingCity: 'Berlin',
      unloadingCountry: 'DE',
      unloadingDate: new Date(unloadingAt).toISOString(),
      customer: customer['@id'],
      customerPrice: 350000,
      carrier: carrier['@id'],
      carrierPrice: 250000,
      truck,
    });

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await api('POST', '/customers', { companyName: `Klient GPS ${suffix}` });
    carrier = await api('POST', '/carriers', {
      companyName: `Trans GPS ${suffix}`,
      email: `gps.${suffix}@example.com`,
      country: 'PL',
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shares the phone’s position at 390×844 after the consent: at once, after 1 km of movement, and on ‘Jestem tutaj’', async () => {
    const made = await order(`GPS1 ${suffix}`, 'PO 55555', Date.now() + 3 * HOUR, Date.now() + 30 * HOUR);
    await api('POST', `/orders/${made.uuid}/send/carrier`);
    const link = (await api('GET', `/orders/${made.uuid}/portal`)).url as string;
    const token = link.split('/p/')[1] as string;
    const accepted = await fetch(`${baseURL()}/api/public/portal/${token}/accept`, { method: 'POST' });
    expect(accepted.status).toBe(200);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
      isMobile: true,
      hasTouch: true,
      permissions: ['geolocation'],
      geolocation: { latitude: 52.4064, longitude: 16.9252, accuracy: 15 },
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/positions')) sent.push(r.postData() ?? '');
    });
    await page.goto(link);
    const share = page.getByRole('button', { name: 'Udostępnij lokalizację' });
    await share.waitFor();
    // The page says that a hidden page stops sending (check-ins).
    await page.getByText(/Przeglądarka zatrzymuje ukrytą stronę/).waitFor();
    expect(sent).toEqual([]);
    await share.click();
    // The consent: what is sent, to whom, for how long.
    const consent = page.getByTestId('share-consent');
    expect(await consent.innerText()).toMatch(/współrzędne.*spedycji.*co 5 minut.*do rozładunku.*90 dniach/s);
    await page.getByRole('button', { name: 'Zgadzam się i udostępniam' }).click();
    await page.getByText(/^Wysłano położenie: \d\d:\d\d$/).waitFor();
    await expect.poll(() => sent.length).toBeGreaterThanOrEqual(1);

    // 2 km further west: movement over 1 km sends at once.
    const before = sent.length;
    await context.setGeolocation({ latitude: 52.4064, longitude: 16.896, accuracy: 15 });
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBeGreaterThan(before);
    const here = page.getByRole('button', { name: 'Jestem tutaj' });
    const box = await here.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const beforeHere = sent.length;
    await here.click();
    await expect.poll(() => sent.length).toBeGreaterThan(beforeHere);
    const last = JSON.parse(sent.at(-1) as string) as { lat: number; lon: number; accuracy: number };
    expect(last).toMatchObject({ lat: 52.4064, lon: 16.896, accuracy: 15 });

    const kept = (await api('GET', `/orders/${made.uuid}/positions`)) as {
      positions: { source: string; lat: number; lon: number }[];
      eta: { status: string } | null;
    };
    expect(kept.positions.length).toBeGreaterThanOrEqual(3);
    expect(kept.positions.every((p) => p.source === 'link')).toBe(true);
    expect(kept.eta?.status).toBe('ok');

    // Unloaded: the page stops sending.
    await api('PUT', `/orders/${made.uuid}`, { loadingFinished: true, unloadingFinished: true });
    await here.click();
    await page.getByText('Zlecenie rozładowane: udostępnianie lokalizacji zakończone.').waitFor();
    await context.close();
  }, 90_000);

  it('shows the dispatcher the late mark, the filter ‘opóźnione’, the map without tiles and the delay', async () => {
    const cargo = `GPS2 ${suffix}`;
    const made = await order(cargo, 'PO 77777', Date.now() - 3 * HOUR, Date.now() + HOUR);
    await api('PUT', `/orders/${made.uuid}`, { loadingFinished: true });
    const key = (await api('POST', `/carriers/${carrier.uuid}/api_keys`, { name: 'GPS' })).key as string;
    const posted = await fetch(`${baseURL()}/api/positions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Key': key },
      body: JSON.stringify({
        positions: [
          { plate: 'PO77777', lat: 52.45, lon: 16.8, at: new Date(Date.now() - 20 * 60_000).toISOString() },
          { plate: 'PO77777', lat: 52.41, lon: 16.93, at: new Date(Date.now() - 5 * 60_000).toISOString() },
        ],
      }),
    });
    expect(await posted.json()).toEqual({ attached: 2, waiting: 0 });

    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/orders');
    await filters(page)
      .getByRole('button', { name: /^Więcej filtrów/ })
      .waitFor();
    // The filter as a dispatcher sets it: 'Więcej filtrów', the number, 'ETA: opóźnione', 'Filtruj'.
    await allFilters(page);
    await filters(page)
      .getByRole('textbox', { name: 'Filtr: Numer', exact: true })
      .fill(made.number as string);
    await filters(page).getByRole('combobox', { name: 'Filtr: ETA', exact: true }).click();
    await page.getByRole('option', { name: 'opóźnione', exact: true }).click();
    const asked = page.waitForResponse(
      (r) => r.url().includes('/api/orders?') && new URL(r.url()).searchParams.get('eta') === 'opoznione',
    );
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    expect((await asked).status()).toBe(200);
    const row = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: cargo });
    const mark = row.getByTestId('eta-mark');
    await mark.waitFor();
    expect(await mark.getAttribute('data-status')).toBe('opoznienie');
    expect(await mark.innerText()).toMatch(/opóźnienie \d+ min\s+5 min temu/);

    await row.getByRole('button', { name: 'Edytuj', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
    await dialog.getByRole('tab', { name: 'Pozycja i ETA' }).click();
    const panel = dialog.getByTestId('positions-panel');
    await panel.getByText(/^Przewidywany dojazd do rozładunku: /).waitFor();
    await panel.getByText(/^\d+ min po terminie$/).waitFor();
    await panel.getByText(/odległość w linii prostej × 1,2/).waitFor();
    // No tiles set: the route, the stops, the trail and the last position are drawn, with a scale.
    const map = panel.getByTestId('order-map');
    await map.locator('path.order-map-last').waitFor();
    expect(await map.locator('path.order-map-stop').count()).toBe(2);
    expect(await map.locator('path.order-map-route').count()).toBe(1);
    expect(await map.locator('path.order-map-trail').count()).toBe(1);
    expect(await map.locator('.leaflet-control-scale-line').innerText()).toMatch(/\d+ k?m/);
    expect(await map.locator('img.leaflet-tile').count()).toBe(0);
    await context.close();
  }, 90_000);
});

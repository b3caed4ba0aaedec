import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';

/**
 * The carrier's link (issue 25): the carrier, on a phone (390×844), opens the link of the order mail, accepts, gives
 * the driver and the plates, reports 'Załadowano' and uploads a photo of the CMR; the dispatcher sees all of it in
 * the order modal's 'Przewoźnik — link' and 'Dokumenty' tabs.
 */

const suffix = Date.now().toString(36);
const CARGO = `Portal ${suffix}`;
/** A tiny real JPEG (1×1). */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

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
  return (await response.json()) as Record<string, unknown>;
}

describe("the carrier's link: the carrier on a phone, then the dispatcher's order modal", () => {
  let browser: Browser;
  let link: string;
  let orderNumber: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const customer = await api('POST', '/customers', { companyName: `Klient Poufny ${suffix}` });
    const carrier = await api('POST', '/carriers', {
      companyName: `Trans ${suffix}`,
      email: `trans.${suffix}@example.com`,
      country: 'PL',
    });
    const order = await api('POST', '/orders', {
      cargo: CARGO,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      unloadingCity: 'Berlin',
      unloadingCountry: 'DE',
      unloadingDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      customer: customer['@id'],
      customerPrice: 350000,
      carrier: carrier['@id'],
      carrierPrice: 250000,
    });
    orderNumber = order.number as string;
    await api('POST', `/orders/${order.uuid}/send/carrier`);
    link = (await api('GET', `/orders/${order.uuid}/portal`)).url as string;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('lets the carrier accept, give the driver, report the loading and upload a CMR photo on a 390×844 screen', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
      isMobile: true,
      hasTouch: true,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: `Zlecenie transportowe nr ${orderNumber}` }).waitFor();
    expect(await page.content()).not.toContain(`Klient Poufny ${suffix}`);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Przyjmuję zlecenie' }).click();
    await page.getByText('Zlecenie przyjęte').waitFor();

    await page.getByLabel('Imię i nazwisko kierowcy').fill('Jan Kierowca');
    await page.getByLabel('Telefon kierowcy').fill('+48 601 000 123');
    await page.getByLabel('Numer rejestracyjny ciągnika').fill('PO 12345');
    await page.getByLabel('Numer rejestracyjny naczepy').fill('PO 6789A');
    await page.getByRole('button', { name: 'Zapisz dane pojazdu' }).click();
    await page.getByText('Zapisano dane pojazdu.').waitFor();

    await page.getByRole('button', { name: 'Załadowano' }).click();
    await page.getByText(/^Załadunek zgłoszony: /).waitFor();
    await page.getByRole('button', { name: 'Rozładowano' }).waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Wybierz plik lub zrób zdjęcie' }).click();
    await (await chooser).setFiles({ name: 'cmr-zdjecie.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await page.getByText('Dodano plik.').waitFor();
    await page.getByText(/CMR \/ dokument dostawy: cmr-zdjecie\.jpg/).waitFor();
    await context.close();
  }, 90_000);

  it("shows the dispatcher the carrier's answers, the timeline and the CMR in the order modal", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await page.goto(`/orders?number=${encodeURIComponent(orderNumber)}`);
    const row = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: CARGO });
    await row.getByRole('button', { name: 'Edytuj', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
    await dialog.getByRole('tab', { name: 'Przewoźnik — link' }).click();
    await dialog.getByText('Przewoźnik przyjął zlecenie').waitFor();
    await dialog.getByText('Przewoźnik podał kierowcę i pojazd').waitFor();
    await dialog.getByText(/Załadunek zgłoszony przez przewoźnika/).waitFor();
    await dialog.getByRole('tab', { name: 'Dokumenty' }).click();
    const documents = dialog.getByRole('table', { name: 'Dokumenty' });
    await documents.getByText('cmr-zdjecie.jpg').waitFor();
    await documents.getByRole('button', { name: 'Podgląd' }).click();
    await page.getByRole('img', { name: 'cmr-zdjecie.jpg' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('img', { name: 'cmr-zdjecie.jpg' }).waitFor({ state: 'hidden' });
    // Esc closes the preview only; then the order modal's own ×.
    await dialog.getByRole('button', { name: 'Zamknij' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The carrier's 'Załadowano' waits in the loading confirmation, marked as the carrier's: one click confirms it
    // with the reported time, and the ProForma question follows as for any confirmation.
    await row.getByRole('button', { name: 'Potwierdzenia' }).click();
    await page.getByRole('menuitem', { name: 'Potwierdź załadunek' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Potwierdzenie załadunku' });
    await confirmation.getByText(/^Przewoźnik zgłosił załadunek: (\d{2}:\d{2}, )?\d{2}\/\d{2}\/\d{4}$/).waitFor();
    await confirmation.getByText('zgłoszone przez przewoźnika').waitFor();
    await confirmation.getByRole('button', { name: 'Potwierdź zgłoszenie przewoźnika' }).click();
    await confirmation.waitFor({ state: 'hidden' });
    const proForma = page.getByRole('dialog', { name: 'Faktura ProForma' });
    await proForma.getByRole('button', { name: 'Nie' }).click();
    await proForma.waitFor({ state: 'hidden' });
    const order = (await api('GET', `/orders?number=${encodeURIComponent(orderNumber)}`))['hydra:member'] as {
      uuid: string;
      loadingFinished: boolean;
      loadingDate: string;
      driverName: string;
    }[];
    const portal = await api('GET', `/orders/${order[0]?.uuid}/portal`);
    expect(order[0]).toMatchObject({ loadingFinished: true, loadingDate: portal.loadedAt, driverName: 'Jan Kierowca' });
    await context.close();
  }, 90_000);
});

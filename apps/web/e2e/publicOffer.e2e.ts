import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { chooseColumns } from './fixtures.ts';

/**
 * The public offer walk: a carrier, not logged in, finds an open query on '/', places an offer,
 * follows the link from the verification e-mail, and the staff then see the offer.
 */

const suffix = Date.now().toString(36);
const CARGO = `Publ ${suffix}`;
/** The public page lists loads from today on, so the walk's load is in the future. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** 2026-12-02 -> 02/12/2026, as the page shows it. */
const shownDay = (iso: string) => iso.split('-').reverse().join('/');
const SECRET = { customer: `Klient Poufny ${suffix}`, note: `Notatka poufna ${suffix}`, price: '7 777,00' };
const CARRIER_EMAIL = `przewoznik.${suffix}@example.com`;

async function api(method: string, apiPath: string, body?: unknown): Promise<Record<string, unknown>> {
  const login = await fetch(`${baseURL()}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${baseURL()}/api${apiPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Quoted-printable (soft breaks, =XX) and base64 parts decoded, as a mail reader would. */
function decodeMail(raw: string): string {
  const qp = raw.replace(/=\r?\n/g, '').replace(/((?:=[0-9A-F]{2})+)/g, (bytes) =>
    Buffer.from(
      bytes
        .split('=')
        .slice(1)
        .map((h) => Number.parseInt(h, 16)),
    ).toString('utf8'),
  );
  const base64Parts = [...raw.matchAll(/base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  return [qp, ...base64Parts].join('\n');
}

/** Waits for the verification e-mail to the carrier (written as .eml into the server's data folder). */
async function verificationLink(to: string): Promise<string> {
  const folder = path.join(inject('dataDir'), 'mail');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
    } catch {
      // No mail written yet.
    }
    for (const file of files) {
      const mail = decodeMail(readFileSync(path.join(folder, file), 'utf8'));
      if (!mail.includes(to)) continue;
      const link = mail.match(/https?:\/\/\S+\/verify\?token=[\w-]+/)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no verification e-mail to ${to}`);
}

describe('public offer: find an open query, offer, verify by e-mail, seen by the staff', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    const customer = await api('POST', '/customers', { companyName: SECRET.customer });
    // Iceland and an early date: the query is on the first page whatever other walks add.
    await api('POST', '/queries', {
      status: 'aktywne',
      user: null,
      customer: customer['@id'],
      cargo: CARGO,
      cargoLength: 1200,
      cargoWidth: 240,
      cargoHeight: 250,
      cargoWeight: 1800,
      loadingStreetAddress: 'Laugavegur 1',
      loadingPostalCode: '101',
      loadingCity: 'Reykjavik',
      loadingCountry: 'IS',
      loadingDate: inDays(10),
      unloadingStreetAddress: null,
      unloadingPostalCode: '00-001',
      unloadingCity: 'Warszawa',
      unloadingCountry: 'PL',
      unloadingDate: inDays(14),
      loadingType: 'dzwigiem',
      customerPrice: 777700,
      customerPriceSuggested: 888800,
      customerPriceCurrency: 'pln',
      euroExchangeRate: null,
      additionalInfo: SECRET.note,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets a carrier offer without an account, and activates the offer from the e-mailed link', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const offersSent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/public/offers') && r.method() === 'POST') offersSent.push(r.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Zapytania transportowe' }).waitFor();
    await page.getByRole('link', { name: 'Logowanie' }).waitFor();

    // Narrow to loadings in Iceland.
    const country = page
      .getByRole('search', { name: 'Filtry' })
      .getByRole('combobox', { name: 'Filtr: Kraj załadunku' });
    await country.click();
    await country.pressSequentially('Island', { delay: 20 });
    await page.getByRole('option', { name: 'Islandia', exact: true }).click();
    const card = page.getByRole('article').filter({ hasText: CARGO });
    await card.waitFor();
    const text = await card.innerText();
    for (const shown of [
      'Reykjavik (IS) → Warszawa (PL)',
      shownDay(inDays(10)),
      shownDay(inDays(14)),
      '12,00 × 2,40 × 2,50 m',
      '18,00 t',
      'dźwigiem',
    ]) {
      expect(text).toContain(shown);
    }
    // Nothing of the customer, the prices or the notes reaches the public page.
    const whole = await page.locator('body').innerText();
    for (const secret of [SECRET.customer, SECRET.note, SECRET.price, '8 888,00']) expect(whole).not.toContain(secret);

    // A wrong e-mail is refused in the form, without a request.
    await card.getByRole('button', { name: /^Złóż ofertę/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Złóż ofertę' });
    await dialog.getByText('Reykjavik (IS) → Warszawa (PL)').waitFor();
    await expect(dialog.getByRole('combobox', { name: 'Prefiks' }).inputValue()).resolves.toBe('+48');
    await dialog.getByLabel('Adres e-mail').fill('przewoznik-bez-malpy.pl');
    await dialog.getByLabel('Telefon').fill('600 100 200');
    await dialog.getByLabel('Cena').fill('2500,50');
    await dialog.getByRole('button', { name: 'Wyślij ofertę' }).click();
    await dialog.getByText('Podany adres e-mail jest niepoprawny!').waitFor();
    expect(offersSent).toHaveLength(0);

    // The right one: the success tab, then the modal closes by itself.
    await dialog.getByLabel('Adres e-mail').fill(CARRIER_EMAIL);
    await dialog.getByRole('button', { name: 'Wyślij ofertę' }).click();
    await dialog.getByText('Twoja oferta została przesłana, ale nie jest jeszcze aktywna').waitFor();
    await dialog.getByText('Kliknij link w wiadomości e-mail', { exact: false }).waitFor();
    expect(offersSent).toHaveLength(1);
    await dialog.waitFor({ state: 'hidden', timeout: 6000 });

    // The link from the e-mail activates the offer; a second visit says it already is.
    const link = new URL(await verificationLink(CARRIER_EMAIL));
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Weryfikacja oferty' }).waitFor();
    await page.getByText('Dziękujemy! Twoja oferta została aktywowana.').waitFor();
    await page.reload();
    await page.getByText('Ta oferta została już aktywowana.').waitFor();
    await page.goto('/verify?token=sfalszowany-token-0123456789');
    await page.getByText('Link weryfikacyjny jest nieprawidłowy lub wygasł.').waitFor();
    await context.close();

    // The staff see it as the query's best offer and in its offers.
    const staff = await newContext(browser);
    const admin = await staff.newPage();
    await loginAs(admin);
    await staffSeesOffer(admin);
    await staff.close();
  });
});

async function staffSeesOffer(page: Page) {
  // On a laptop-wide window the columns the walk reads are chosen, so that the width cannot drop them.
  await chooseColumns(page, ['Towar', 'Najlepsza oferta przewoźnika']);
  const cargo = page.getByRole('search', { name: 'Filtry' }).getByRole('textbox', { name: 'Filtr: Towar' });
  await cargo.pressSequentially(CARGO, { delay: 10 });
  const row = page.getByRole('table', { name: 'Lista zapytań' }).getByRole('row').filter({ hasText: CARGO });
  await row.waitFor();
  const best = row.getByRole('button', { name: /^Oferty przewoźników/ });
  await expect(best.innerText()).resolves.toBe('2 500,50 zł');
  await best.click();
  const offers = page.getByRole('dialog', { name: /^Oferty przewoźników/ });
  const offer = offers.getByRole('row').filter({ hasText: CARRIER_EMAIL });
  await offer.waitFor();
  const cells = await offer.innerText();
  expect(cells).toContain('2 500,50 zł');
  expect(cells).toContain('(0048) 600100200');
  expect(cells).toContain('strona');
}

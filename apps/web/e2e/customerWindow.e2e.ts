import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, loginAs, newContext } from './browser.ts';
import { INVITATION_LINK, linkInMail, panelLogin } from './customerWindowHelpers.ts';
import { apiAs, randomNip } from './fixtures.ts';
import { E2E_ADMIN } from './globalSetup.ts';

/**
 * The customer's window (issue 37): the dispatcher creates the order's tracking link in the order modal, the customer
 * opens it on a phone (390×844) and a desktop (1366×768), also on Fast 3G (measured); then staff invite a person from
 * the customer's modal, the person sets a password on a phone, signs in at the usual login page, sees the panel's
 * screens and sends a new query, which the office sees arriving marked 'od klienta'.
 */

const suffix = Date.now().toString(36);
const SHOTS = path.join(tmpdir(), `customer-window-walk-${suffix}`);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const SECRET = { carrier: `Przewoźnik Tajny ${suffix}`, note: `Notatka wewnętrzna ${suffix}` };

const phoneContext = async (browser: Browser) => {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: PHONE,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    isMobile: true,
    hasTouch: true,
  });
  context.setDefaultTimeout(15_000);
  return context;
};

/** Every Content-Security-Policy violation of the context's pages. */
async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportPolicyViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportPolicyViolation?: (text: string) => void }).reportPolicyViolation;
      report?.(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return violations;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is evaluated into the page, it has no types there.
    const axe = (window as any).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as { id: string; impact: string | null; nodes: { html: string }[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 100)).join(' | ')}`);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("the customer's window: the tracking link and the customer panel", () => {
  let browser: Browser;
  let admin: string;
  let customer: { '@id': string; uuid: string };
  let order: { uuid: string; number: string };
  const email = `klient.${suffix}@example.com`;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    customer = await apiAs(admin, 'POST', '/api/customers', {
      companyName: `Klient Okna ${suffix}`,
      nip: randomNip(),
      email,
      country: 'PL',
    });
    const carrier = await apiAs(admin, 'POST', '/api/carriers', {
      companyName: SECRET.carrier,
      email: `p.${suffix}@example.com`,
      country: 'PL',
    });
    order = await apiAs(admin, 'POST', '/api/orders', {
      cargo: `Okno ${suffix}`,
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
      additionalInfo: SECRET.note,
    });
    // The carrier accepts and reports the loading through its own link.
    await apiAs(admin, 'POST', `/api/orders/${order.uuid}/send/carrier`, {});
    const portal = (await apiAs(admin, 'GET', `/api/orders/${order.uuid}/portal`)).url as string;
    const token = portal.split('/p/')[1] as string;
    await apiAs(null, 'POST', `/api/public/portal/${token}/accept`, {});
    await apiAs(null, 'POST', `/api/public/portal/${token}/events`, { type: 'loaded' });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  let trackUrl = '';

  it("shows the dispatcher the customer's link in the order modal: sent with the loading's mail (kept in the folder, no mail server here)", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP);
    await loginAs(page);
    await page.goto(`/orders?number=${encodeURIComponent(order.number)}`);
    const row = page
      .getByRole('table', { name: 'Lista zleceń' })
      .getByRole('row')
      .filter({ hasText: `Okno ${suffix}` });
    await row.getByRole('button', { name: 'Edytuj', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
    await dialog.getByRole('tab', { name: 'Klient — link' }).click();
    // The carrier's 'Załadowano' mailed the customer the link (a milestone), so the link is there already.
    const input = dialog.getByTestId('customer-link-url');
    await input.waitFor();
    trackUrl = await input.inputValue();
    expect(trackUrl).toMatch(/\/t\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByText('Otwarty: Brak').waitFor();
    const milestones = dialog.getByRole('table', { name: 'Powiadomienia klienta' });
    await milestones.getByRole('row').filter({ hasText: 'Załadunek' }).getByText('zachowany w folderze').waitFor();
    // The same link is in the mail kept for the customer.
    expect(await linkInMail(email, /https?:\/\/\S+\/t\/[\w-]{43}/)).toBe(trackUrl);
    // A new link replaces it; the dispatcher copies that one.
    await dialog.getByRole('button', { name: 'Unieważnij' }).click();
    await dialog.getByRole('alert').getByRole('button', { name: 'Unieważnij' }).click();
    await dialog.getByRole('button', { name: 'Nowy link dla klienta' }).click();
    await expect.poll(() => input.inputValue()).not.toBe(trackUrl);
    const revoked = trackUrl;
    trackUrl = await input.inputValue();
    expect((await fetch(revoked.replace('/t/', '/api/public/track/'))).status).toBe(404);
    await page.screenshot({ path: path.join(SHOTS, 'office-link.png') });
    await context.close();
  }, 60_000);

  it('shows the customer the order on a phone (390×844) and a desktop (1366×768), never the carrier or the notes; a dead link gets one Polish page', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const context = viewport === PHONE ? await phoneContext(browser) : await newContext(browser);
      const violations = await watchPolicy(context);
      const page = await context.newPage();
      if (viewport === DESKTOP) await page.setViewportSize(DESKTOP);
      await page.goto(trackUrl);
      await page.getByRole('heading', { name: `Zlecenie ${order.number}` }).waitFor();
      expect(await page.getByTestId('track-status').innerText()).toMatch(/Załadowane|W drodze/);
      await page.getByText('Poznań').first().waitFor();
      await page.getByRole('region', { name: 'Dokumenty' }).getByText('zlecenie-').waitFor();
      const html = await page.content();
      for (const secret of [SECRET.carrier, SECRET.note, '2 500,00']) expect(html).not.toContain(secret);
      expect(await noSideScroll(page)).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `track-${viewport.width}.png`), fullPage: true });
      expect(violations).toEqual([]);
      await context.close();
    }
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto('/t/nieprawidlowy-link');
    await page.getByRole('alert').getByText('Ten link jest nieprawidłowy, wygasł albo został unieważniony').waitFor();
    await context.close();
    // The office sees the opening.
    const state = await apiAs(admin, 'GET', `/api/orders/${order.uuid}/customer_link`);
    expect(state.firstOpenedAt).not.toBeNull();
    expect(state.views).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('opens the tracking page on Fast 3G within a few seconds, with at most 100 kB of JavaScript', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Chrome DevTools' 'Fast 3G' preset: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1.44 * 1024 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
    let scriptBytes = 0;
    cdp.on('Network.loadingFinished', (e: { encodedDataLength: number; requestId: string }) => {
      if (scripts.has(e.requestId)) scriptBytes += e.encodedDataLength;
    });
    const scripts = new Set<string>();
    cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => {
      if (e.type === 'Script') scripts.add(e.requestId);
    });
    const started = Date.now();
    await page.goto(trackUrl);
    await page.getByTestId('track-status').waitFor({ timeout: 30_000 });
    const usable = Date.now() - started;
    console.log(`tracking page on Fast 3G: usable after ${usable} ms, ${scriptBytes} bytes of JavaScript`);
    expect(scriptBytes).toBeLessThanOrEqual(100_000);
    expect(usable).toBeLessThan(8000);
    await context.close();
  }, 60_000);

  it('takes a person from the invitation to a new query on a phone, seen arriving in the office', async () => {
    // Staff invite the person from the customer's modal.
    const office = await newContext(browser);
    const staff = await office.newPage();
    await staff.setViewportSize(DESKTOP);
    await loginAs(staff);
    await staff.goto(`/customers?companyName=${encodeURIComponent(`Klient Okna ${suffix}`)}`);
    const row = staff.getByRole('row').filter({ hasText: `Klient Okna ${suffix}` });
    await row.getByRole('button', { name: 'Edytuj', exact: true }).click();
    const modal = staff.getByRole('dialog');
    const inviteForm = modal.getByRole('group', { name: 'Zaproś osobę' });
    await inviteForm.getByLabel('E-mail osoby').fill(email);
    await inviteForm.getByLabel('Imię i nazwisko').fill('Anna Klientka');
    await inviteForm.getByRole('button', { name: 'Zaproś osobę' }).click();
    await modal.getByText('Zaproszenie ważne do').waitFor();
    await staff.screenshot({ path: path.join(SHOTS, 'office-invite.png') });

    // The person, on a phone: the mailed link, a password twice, then the usual login page.
    const invitation = await linkInMail(email, INVITATION_LINK);
    const context = await phoneContext(browser);
    const violations = await watchPolicy(context);
    const page = await context.newPage();
    await page.goto(invitation);
    await page.getByLabel('Hasło', { exact: true }).fill('Haslo-Anny-2026');
    await page.getByLabel('Powtórz hasło').fill('Haslo-Anny-2026');
    await page.getByRole('button', { name: 'Ustaw hasło' }).click();
    await page.getByText('Hasło zostało ustawione').waitFor();
    await page.getByRole('link', { name: 'Zaloguj' }).click();
    await page.getByLabel('Login').fill(email);
    await page.getByLabel('Hasło').fill('Haslo-Anny-2026');
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByRole('tab', { name: 'Zlecenia' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/panel');
    // No back-office script was loaded for the customer after the login.
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(loaded.some((u) => /AppLayout|OrdersRoute|QueriesRoute/.test(u))).toBe(false);

    // Zlecenia: the office list's filter row and table — one filter (the cargo), one sort (a column's header).
    const table = page.getByRole('table', { name: 'Lista zleceń' });
    await table.getByRole('button', { name: order.number }).waitFor();
    // A phone folds the row to what fits beside its buttons.
    const more = page.getByRole('search', { name: 'Filtry' }).getByRole('button', { name: /^Więcej filtrów/ });
    if (await more.isVisible()) await more.click();
    const panelList = (url: string) => (url.includes('/api/panel/orders?') ? new URL(url).searchParams : null);
    const listed = page.waitForResponse((r) => Boolean(panelList(r.url())?.get('cargo')));
    await page.getByLabel('Filtr: Towar').fill(`Okno ${suffix}`);
    expect(panelList((await listed).url())?.get('cargo')).toBe(`Okno ${suffix}`);
    await table.getByRole('button', { name: order.number }).waitFor();
    const sorted = page.waitForResponse((r) => panelList(r.url())?.get('order[cargo]') === 'asc');
    await table.getByRole('columnheader', { name: /Towar/ }).getByRole('button').click();
    expect((await sorted).status()).toBe(200);
    await table.getByRole('columnheader', { name: /Towar/ }).and(page.locator('[aria-sort="ascending"]')).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    // Every status reads whole: a long one wraps instead of ending in '…' ('AUTO W D…' at 390 px).
    const cut = await table
      .locator('.mantine-Badge-label')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'panel-orders.png'), fullPage: true });

    // Zlecenia → the order's view.
    await table.getByRole('button', { name: order.number }).click();
    await page.getByTestId('track-status').waitFor();
    expect(await page.content()).not.toContain(SECRET.carrier);
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'panel-order.png'), fullPage: true });

    // Faktury: the balance line.
    await page.getByRole('tab', { name: 'Faktury' }).click();
    await page
      .getByTestId('panel-balance')
      .getByText(/^Saldo: do zapłaty 0,00 zł, w tym po terminie 0,00 zł$/)
      .waitFor();

    // Nowe zapytanie, typed as a person does (a date as DD/MM/YYYY, a weight with a comma).
    await page.getByRole('tab', { name: 'Nowe zapytanie' }).click();
    const form = page.getByRole('form', { name: 'Nowe zapytanie' });
    await form.getByLabel('Miejscowość załadunku').fill('Gniezno');
    await form.getByLabel('Data załadunku (DD/MM/RRRR)').fill('15/12/2026');
    await form.getByLabel('Miejscowość rozładunku').fill('Praga');
    await form.getByLabel('Kraj rozładunku').fill('CZ');
    await form.getByLabel('Towar').fill(`Maszyny z panelu ${suffix}`);
    await form.getByLabel('Waga (t)').fill('12,5');
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'panel-new-query.png'), fullPage: true });
    await form.getByRole('button', { name: 'Wyślij zapytanie' }).click();
    await page.getByText('Zapytanie zostało wysłane').waitFor();
    await page.getByText(`Maszyny z panelu ${suffix}`).waitFor();
    expect(violations).toEqual([]);

    // The office: the query, marked 'od klienta', with who sent it.
    await staff.goto('/queries');
    await staff.waitForLoadState('networkidle');
    await staff.screenshot({ path: path.join(SHOTS, 'office-queries.png') });
    console.log(`screenshots: ${SHOTS}`);
    // The table cuts the cargo; the customer's name is whole.
    const query = staff.getByRole('row').filter({ hasText: 'Anna Klientka' }).filter({ hasText: 'Gniezno' });
    await query.getByText('od klienta').waitFor();
    await query.getByText('Anna Klientka').waitFor();
    const created = (
      await apiAs(admin, 'GET', `/api/queries?cargo=${encodeURIComponent(`Maszyny z panelu ${suffix}`)}`)
    )['hydra:member'][0];
    expect(created.fromCustomer).toBe(true);
    expect(created.createdBy.name).toBe('Anna Klientka');
    expect(created.cargoWeight).toBe(1250);
    expect(created.loadingDate.slice(0, 10)).toBe('2026-12-15');
    await office.close();
    await context.close();
  }, 120_000);

  it('speaks English to an English customer: the shared filters, table and pager, the status sort, the login page', async () => {
    const english = await apiAs(admin, 'POST', '/api/customers', {
      companyName: `English Client ${suffix}`,
      nip: randomNip(),
      email: `en.${suffix}@example.com`,
      country: 'DE',
      language: 'Angielski',
    });
    for (const day of [1, 2]) {
      await apiAs(admin, 'POST', '/api/orders', {
        cargo: `Machines ${suffix} ${day}`,
        loadingCity: 'Hamburg',
        loadingCountry: 'DE',
        loadingDate: new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10),
        unloadingCity: 'Lyon',
        unloadingCountry: 'FR',
        unloadingDate: new Date(Date.now() + (day + 2) * 86_400_000).toISOString().slice(0, 10),
        customer: english['@id'],
        customerPrice: 350000,
      });
    }
    const tokens = await panelLogin(admin, english.uuid, `en.user.${suffix}@example.com`, 'Password-En-2026');
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto('/login');
    await page.evaluate((pair) => {
      window.localStorage.setItem('token', pair.token);
      window.localStorage.setItem('refreshToken', pair.refreshToken);
    }, tokens);
    await page.goto('/panel');
    const table = page.getByRole('table', { name: 'Orders list' });
    await table.getByTestId('panel-order-link').first().waitFor();
    await page.getByText(/^Rows 1–2 of 2$/).waitFor();
    /** Every word a person or a screen reader meets: the text, the names, the placeholders and the titles. */
    const everything = () =>
      page.evaluate(() =>
        [
          document.body.innerText,
          ...[...document.querySelectorAll('[aria-label],[placeholder],[title]')].flatMap((e) =>
            ['aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a) ?? ''),
          ),
        ].join('\n'),
      );
    // The shared components' Polish (components/messages.ts) and any Polish letter: none of it on the English panel.
    const POLISH =
      /Filtruj|Wyczyść|Więcej filtrów|Mniej filtrów|Filtr:|Filtry|Pozycje|ponad|Strona|Stronicowanie|Brak danych|Trwa pobieranie|RRRR|Adres|Sortuj|Szukaj|Zamknij|[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;
    expect((await everything()).match(POLISH)?.[0] ?? null).toBeNull();
    await page.getByRole('search', { name: 'Filters' }).getByRole('button', { name: 'Clear filters' }).waitFor();
    // A filter that finds nothing: the table's empty state in English too.
    await page.getByLabel('Filter: Cargo').fill(`nothing-${suffix}`);
    await page.getByText(/^Rows 0 of 0$/).waitFor();
    expect((await everything()).match(POLISH)?.[0] ?? null).toBeNull();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await table.getByTestId('panel-order-link').first().waitFor();

    // The status column sorts, on the server (order[status]), along the order's life.
    const panelList = (url: string) => (url.includes('/api/panel/orders?') ? new URL(url).searchParams : null);
    const sorted = page.waitForResponse((r) => panelList(r.url())?.get('order[status]') === 'asc');
    await table
      .getByRole('columnheader', { name: /Status/ })
      .getByRole('button')
      .click();
    expect((await sorted).status()).toBe(200);
    await table
      .getByRole('columnheader', { name: /Status/ })
      .and(page.locator('[aria-sort="ascending"]'))
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'panel-orders-en.png'), fullPage: true });

    // Signing out leads to the login page in English.
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login\?lang=en$/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.getByLabel('Password').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect((await everything()).match(/Logowanie|Hasło|Zaloguj|Pokaż lub ukryj/)?.[0] ?? null).toBeNull();
    await context.close();
  }, 90_000);

  it("leaves axe-core no serious or critical violation on the tracking page and the panel's screens (390×844)", async () => {
    const tokens = await panelLogin(admin, customer.uuid, `a11y.${suffix}@example.com`, 'Haslo-A11y-2026');
    const context = await browser.newContext({
      baseURL: baseURL(),
      viewport: PHONE,
      locale: 'pl-PL',
      timezoneId: 'Europe/Warsaw',
      isMobile: true,
      hasTouch: true,
      // Only to inject axe: the server's policy is untouched.
      bypassCSP: true,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(trackUrl);
    await page.getByTestId('track-status').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.evaluate((pair) => {
      window.localStorage.setItem('token', pair.token);
      window.localStorage.setItem('refreshToken', pair.refreshToken);
    }, tokens);
    for (const [path, ready] of [
      ['/panel', 'panel-order-link'],
      ['/panel/zapytania', null],
      ['/panel/faktury', 'panel-balance'],
      ['/panel/nowe', null],
    ] as const) {
      await page.goto(path);
      await page.getByRole('tab', { name: 'Zlecenia' }).waitFor();
      if (ready) await page.getByTestId(ready).first().waitFor();
      else await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await context.close();
  }, 60_000);
});

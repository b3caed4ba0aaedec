import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';

/**
 * The carrier's link (issues 25 and 34): the carrier, on a phone (390×844 and 360×740), opens the link of the order
 * mail, accepts, gives the driver and the plates, reports 'Załadowano' hours after opening the page and uploads a
 * photo and a PDF of the CMR, which it previews; the dispatcher sees all of it in the order modal's 'Przewoźnik —
 * link' and 'Dokumenty' tabs, previews the files and confirms the loading at the time the carrier tapped.
 */

const suffix = Date.now().toString(36);
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;
/** Where the walk leaves its screenshots, to be looked at. */
const SHOTS = path.join(tmpdir(), `portal-walk-${suffix}`);

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

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

/**
 * Every Content-Security-Policy violation of the context's pages (the page, its frames, a preview's tab), collected
 * in the walk: a preview the policy blocks shows a grey 'This content is blocked' or a broken picture, nothing more.
 */
async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportPolicyViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportPolicyViolation?: (text: string) => void }).reportPolicyViolation;
      report?.(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber}) in ${e.documentURI}`);
    });
  });
  return violations;
}

/** A picture and a PDF made by the browser itself: a real PNG of 240×120 pixels and a real one-page PDF. */
async function sampleFiles(browser: Browser): Promise<{ png: Buffer; pdf: Buffer }> {
  const page = await browser.newPage();
  await page.setContent('<h1 style="font:40px sans-serif;color:#123">CMR 42</h1>');
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 120 } });
  const pdf = await page.pdf({ width: '10cm', height: '6cm' });
  await page.close();
  return { png, pdf };
}

/** The moment as the Warsaw wall clock, the way a reported time is kept: '2026-12-01T08:30:00.000Z'. */
function warsawMinute(at: number): string {
  const d = new Date(new Date(at).toLocaleString('en-US', { timeZone: 'Europe/Warsaw' }));
  const dd = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${dd(d.getMonth() + 1)}-${dd(d.getDate())}T${dd(d.getHours())}:${dd(d.getMinutes())}:00.000Z`;
}

const withinViewport = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  });

/** The contrast of an element's text against the colour behind it (the first opaque background up the tree). */
const contrastOf = (locator: Locator) =>
  locator.evaluate((el) => {
    const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (c[0] as number) + 0.7152 * (c[1] as number) + 0.0722 * (c[2] as number);
    };
    let back: Element | null = el;
    let background = [255, 255, 255];
    while (back) {
      const css = getComputedStyle(back).backgroundColor;
      const [r, g, b, a = 1] = rgb(css);
      if (a === 1 && css !== 'transparent') {
        background = [r as number, g as number, b as number];
        break;
      }
      back = back.parentElement;
    }
    const style = getComputedStyle(el);
    // A faded control (opacity) shows its text lighter than its colour says.
    let opacity = 1;
    for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const text = rgb(style.color).map((v, i) => v * opacity + (background[i] as number) * (1 - opacity));
    const [l1, l2] = [luminance(text), luminance(background)].sort((x, y) => y - x) as [number, number];
    return (l1 + 0.05) / (l2 + 0.05);
  });

/** axe-core's contrast rule on the page as it stands (evaluated through the protocol, which the page's CSP allows). */
async function contrastViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is evaluated into the page, it has no types there.
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: ['color-contrast'], resultTypes: ['violations'] });
    return result.violations.flatMap((v: { nodes: { html: string; failureSummary: string }[] }) =>
      v.nodes.map((n) => `${n.html.slice(0, 120)}: ${n.failureSummary.slice(0, 160)}`),
    );
  });
}

describe("the carrier's link: the carrier on a phone, then the dispatcher's order modal", () => {
  let browser: Browser;
  let files: { png: Buffer; pdf: Buffer };
  let customer: Record<string, unknown>;
  let carrier: Record<string, unknown>;
  /** The order the first phone walks through, which the dispatcher then opens. */
  let walked: { uuid: string; number: string; cargo: string } | undefined;

  async function sentOrder(cargo: string) {
    const order = await api('POST', '/orders', {
      cargo,
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
    await api('POST', `/orders/${order.uuid}/send/carrier`);
    const link = (await api('GET', `/orders/${order.uuid}/portal`)).url as string;
    return { uuid: order.uuid as string, number: order.number as string, link };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    files = await sampleFiles(browser);
    customer = await api('POST', '/customers', { companyName: `Klient Poufny ${suffix}` });
    carrier = await api('POST', '/carriers', {
      companyName: `Trans ${suffix}`,
      email: `trans.${suffix}@example.com`,
      country: 'PL',
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const [index, phone] of PHONES.entries()) {
    it(`lets the carrier accept, give the driver, report the loading at the tap's time, upload and preview a CMR photo and PDF on a ${phone.width}×${phone.height} screen`, async () => {
      // Short: the orders list cuts a long cargo in its narrow column.
      const cargo = `P${phone.width} ${suffix}`;
      const order = await sentOrder(cargo);
      if (index === 0) walked = { ...order, cargo };
      const context = await browser.newContext({
        viewport: phone,
        locale: 'pl-PL',
        timezoneId: 'Europe/Warsaw',
        isMobile: true,
        hasTouch: true,
      });
      context.setDefaultTimeout(15_000);
      const violations = await watchPolicy(context);
      const page = await context.newPage();
      const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${phone.width}-${name}.png`) });
      // The phone's clock, moved on below as if the page stayed open from the morning until the loading.
      await page.clock.install();
      await page.goto(order.link);
      await page.getByRole('heading', { name: `Zlecenie transportowe nr ${order.number}` }).waitFor();
      expect(await page.content()).not.toContain(`Klient Poufny ${suffix}`);

      // 'Przyjmuję zlecenie' whole, not 'Przyjmuję zlec…'.
      const accept = page.getByRole('button', { name: 'Przyjmuję zlecenie' });
      const label = accept.locator('.mantine-Button-label');
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // The terms carry their own numbers: no bullet beside them.
      const term = page.getByRole('listitem').filter({ hasText: /^1\. / });
      expect(await term.evaluate((el) => getComputedStyle(el).listStyleType)).toBe('none');
      await shot('1-opened');

      // Accepting leads on to the driver's form, far below the terms: in view, its first field focused.
      await accept.click();
      await page.getByText('Zlecenie przyjęte').waitFor();
      const driverName = page.getByLabel('Imię i nazwisko kierowcy');
      await expect.poll(() => driverName.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await withinViewport(driverName)).toBe(true);
      await shot('2-accepted');

      await driverName.fill('Jan Kierowca');
      await page.getByLabel('Telefon kierowcy').fill('+48 601 000 123');
      await page.getByLabel('Numer rejestracyjny ciągnika').fill('PO 12345');
      await page.getByLabel('Numer rejestracyjny naczepy').fill('PO 6789A');
      const save = page.getByRole('button', { name: 'Zapisz dane pojazdu' });
      await save.click();
      // The confirmation beside the button pressed, where the carrier looks.
      const saved = page.getByText('Zapisano dane pojazdu.');
      await saved.waitFor();
      expect(await withinViewport(saved)).toBe(true);
      const [button, notice] = [await save.boundingBox(), await saved.boundingBox()];
      expect(Math.abs((notice?.y ?? 0) - (button?.y ?? 0))).toBeLessThan(150);
      await shot('3-vehicle-saved');

      // 'Czas' says 'teraz' until the carrier changes it; tapped three hours after opening, the time is the tap's.
      const time = page.getByLabel('Czas');
      expect(await time.inputValue()).toBe('teraz');
      const opened = await page.evaluate(() => Date.now());
      await page.clock.fastForward('03:00:00');
      const before = await page.evaluate(() => Date.now());
      await page.getByRole('button', { name: 'Załadowano' }).click();
      await page.getByText(/^Załadunek zgłoszony: /).waitFor();
      const after = await page.evaluate(() => Date.now());
      expect(before - opened).toBeGreaterThanOrEqual(3 * 3600_000);
      const portal = await api('GET', `/orders/${order.uuid}/portal`);
      expect([warsawMinute(before), warsawMinute(after)]).toContain(portal.loadedAt);
      expect(portal.loadedAt).not.toBe(warsawMinute(opened));
      await page.getByRole('button', { name: 'Rozładowano' }).waitFor();

      // After the loading the driver's data are locked, read-only and legible.
      const locked = page.getByLabel('Numer rejestracyjny ciągnika');
      expect(await locked.getAttribute('readonly')).not.toBeNull();
      expect(await contrastOf(locked)).toBeGreaterThanOrEqual(4.5);

      for (const file of [
        { name: 'cmr-zdjecie.png', mimeType: 'image/png', buffer: files.png },
        { name: 'cmr-skan.pdf', mimeType: 'application/pdf', buffer: files.pdf },
      ]) {
        const chooser = page.waitForEvent('filechooser');
        const choose = page.getByRole('button', { name: 'Wybierz plik lub zrób zdjęcie' });
        await choose.click();
        await (await chooser).setFiles(file);
        await page.getByText(`CMR / dokument dostawy: ${file.name}`, { exact: false }).waitFor();
        expect(await withinViewport(page.getByText('Dodano plik.'))).toBe(true);
      }
      if (index === 0) {
        // Issue 38: the invoice's PDF with its number, issue date and gross, for the office to confirm.
        const segment = (name: string) =>
          page.locator('.mantine-SegmentedControl-label').filter({ hasText: new RegExp(`^${name}$`) });
        await segment('Faktura').click();
        await page.getByLabel('Numer faktury').fill(`FV ${suffix}/P`);
        await page.getByLabel('Data wystawienia').fill('2026-11-20');
        await page.getByLabel('Kwota brutto').fill('3075,00');
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: 'Wybierz plik lub zrób zdjęcie' }).click();
        await (await chooser).setFiles({ name: 'faktura.pdf', mimeType: 'application/pdf', buffer: files.pdf });
        await page.getByText('Faktura: faktura.pdf', { exact: false }).waitFor();
        await segment('CMR / dokument dostawy').click();
      }
      await shot('4-documents');

      // The carrier's previews open from our origin in a tab of their own: the picture with its pixels, the PDF as
      // a PDF in the browser's viewer; the policy blocks neither.
      const picture = await previewTab(page, 'cmr-zdjecie.png');
      expect(picture.contentType).toBe('image/png');
      expect(await picture.tab.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(240);
      await picture.tab.close();
      const pdf = await previewTab(page, 'cmr-skan.pdf');
      expect(pdf.contentType).toBe('application/pdf');
      await expect.poll(() => showsPdf(pdf.tab, pdf.url), { timeout: 10_000 }).toBe(true);
      await pdf.tab.close();

      // Every button and tab a finger's size; nothing wider than the phone; every text legible.
      const heights = await page
        .locator('button, a.mantine-Button-root, .mantine-SegmentedControl-label')
        .evaluateAll((els) => els.map((el) => [el.textContent?.trim(), el.getBoundingClientRect().height] as const));
      expect(heights.filter(([, h]) => h < 44)).toEqual([]);
      expect(heights.length).toBeGreaterThanOrEqual(8);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
      expect(await contrastViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `${phone.width}-5-whole.png`), fullPage: true });
      if (index === 1) {
        // 'Rozładowano' two hours after the loading: the confirmation says its time once, under the loading's; the
        // location sharing ends with it. (The first phone's order stays loaded for the dispatcher's walk.)
        await page.getByRole('button', { name: 'Udostępnij lokalizację' }).waitFor();
        await page.clock.fastForward('02:00:00');
        await page.getByRole('button', { name: 'Rozładowano' }).click();
        const unloaded = page.getByText(/^Rozładunek zgłoszony: /);
        await unloaded.waitFor();
        const reported = await api('GET', `/orders/${order.uuid}/portal`);
        const wallClock = (value: unknown) => {
          const [day, time] = String(value).slice(0, 16).split('T') as [string, string];
          return `${time}, ${day.split('-').reverse().join('/')}`;
        };
        const time = wallClock(reported.unloadedAt);
        expect(time).not.toBe(wallClock(reported.loadedAt));
        expect(await unloaded.count()).toBe(1);
        expect(await unloaded.innerText()).toBe(`Rozładunek zgłoszony: ${time}`);
        const progress = await page.locator('section', { hasText: 'Załadunek i rozładunek' }).last().innerText();
        expect(progress.split(time)).toHaveLength(2);
        expect(progress).toContain(`Załadunek zgłoszony: ${wallClock(reported.loadedAt)}`);
        await expect.poll(() => page.getByRole('button', { name: 'Udostępnij lokalizację' }).count()).toBe(0);
        await shot('6-unloaded');
      }
      expect(violations).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it("shows the dispatcher the carrier's answers at one time everywhere, previews the files and confirms at the tap's time", async () => {
    if (!walked) throw new Error('the first phone walk did not run');
    const context = await newContext(browser);
    const violations = await watchPolicy(context);
    const page = await context.newPage();
    await loginAs(page);
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`/orders?number=${encodeURIComponent(walked.number)}`);
      const row = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: walked.cargo });
      await row.getByRole('button', { name: 'Edytuj', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Edytuj zlecenie' });
      await dialog.getByRole('tab', { name: 'Przewoźnik — link' }).click();
      await dialog.getByText('Przewoźnik przyjął zlecenie').waitFor();
      await dialog.getByText('Przewoźnik podał kierowcę i pojazd').waitFor();
      // The report's time: the badge's and the timeline's are the one the carrier tapped.
      const badge = await dialog.getByText(/^Załadunek zgłoszony przez przewoźnika: /).innerText();
      const reported = badge.replace(/^Załadunek zgłoszony przez przewoźnika: /i, '');
      const item = dialog.locator('.mantine-Timeline-item').filter({ hasText: 'Przewoźnik zgłosił załadunek' });
      expect(await item.innerText()).toContain(`${reported} · Przewoźnik`);

      await dialog.getByRole('tab', { name: 'Dokumenty' }).click();
      const documents = dialog.getByRole('table', { name: 'Dokumenty' });
      const previewOf = (name: string) =>
        documents.getByRole('row').filter({ hasText: name }).getByRole('button', { name: 'Podgląd' });

      await previewOf('cmr-zdjecie.png').click();
      const image = page.getByRole('img', { name: 'cmr-zdjecie.png' });
      await image.waitFor();
      await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(240);
      await page.screenshot({ path: path.join(SHOTS, `office-${viewport.width}-png.png`) });
      // Esc closes the preview only.
      await page.keyboard.press('Escape');
      await image.waitFor({ state: 'hidden' });

      const pdfAnswer = page.waitForResponse((r) => r.url().includes('/api/public/documents/'));
      await previewOf('cmr-skan.pdf').click();
      const answer = await pdfAnswer;
      expect(answer.headers()['content-type']).toBe('application/pdf');
      await page.locator('iframe[title="cmr-skan.pdf"]').waitFor();
      await expect.poll(() => showsPdf(page, answer.url()), { timeout: 10_000 }).toBe(true);
      await page.screenshot({ path: path.join(SHOTS, `office-${viewport.width}-pdf.png`) });
      await page.keyboard.press('Escape');
      await page.locator('iframe[title="cmr-skan.pdf"]').waitFor({ state: 'hidden' });
      if (viewport.width === 1366) {
        // Issue 38: the carrier's invoice confirmed with its own figures (the net from the order's carrier price).
        await documents
          .getByRole('row')
          .filter({ hasText: 'faktura.pdf' })
          .getByRole('button', { name: 'Potwierdź fakturę' })
          .click();
        const confirm = page.getByRole('dialog', { name: 'Faktura przewoźnika z linku: faktura.pdf' });
        expect(await confirm.getByLabel('Numer faktury').inputValue()).toBe(`FV ${suffix}/P`);
        await confirm.getByRole('button', { name: 'Zapisz jako fakturę do zapłaty' }).click();
        await confirm.waitFor({ state: 'hidden' });
        await documents
          .getByRole('row')
          .filter({ hasText: 'faktura.pdf' })
          .getByRole('button', { name: 'Potwierdź fakturę' })
          .waitFor({ state: 'detached' });
        const saved = await api('GET', `/carrier_invoices?number=${encodeURIComponent(`FV ${suffix}/P`)}`);
        expect((saved['hydra:member'] as unknown[])[0]).toMatchObject({
          issueDate: '2026-11-20',
          grossAmount: 307_500,
          source: 'portal',
        });
      }
      await dialog.getByRole('button', { name: 'Zamknij' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }

    // The carrier's 'Załadowano' waits in the loading confirmation, marked as the carrier's: one click confirms it
    // with the reported time, and the ProForma question follows as for any confirmation.
    const row = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: walked.cargo });
    const before = await api('GET', `/orders/${walked.uuid}/portal`);
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
    const order = (await api('GET', `/orders?number=${encodeURIComponent(walked.number)}`))['hydra:member'] as {
      uuid: string;
      loadingFinished: boolean;
      loadingDate: string;
      driverName: string;
    }[];
    expect(order[0]).toMatchObject({ loadingFinished: true, loadingDate: before.loadedAt, driverName: 'Jan Kierowca' });
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);
});

/**
 * Chromium's PDF viewer has drawn the file: its extension frame holds the file's own frame. The viewer refused (a
 * sandboxed answer) or blocked shows an empty frame there, or none.
 */
const showsPdf = (page: Page, url: string) =>
  page.frames().some((f) => f.url() === url && f.parentFrame()?.url().startsWith('chrome-extension://'));

/** Taps a file's 'Podgląd' on the carrier's page: the new tab, its address and the type its answer came with. */
async function previewTab(page: Page, fileName: string) {
  const tab = page.context().waitForEvent('page');
  const answer = page.context().waitForEvent('response', (r) => r.url().includes('/documents/'));
  await page.getByRole('link', { name: `Podgląd: ${fileName}` }).click();
  const [opened, response] = await Promise.all([tab, answer]);
  await opened.waitForLoadState();
  return { tab: opened, url: response.url(), contentType: response.headers()['content-type'] };
}

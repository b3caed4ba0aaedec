import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN, launchBrowser, loginAs, newContext } from './browser.ts';
import { apiAs, filters, nav, randomNip, typeInto, warsawDay } from './fixtures.ts';

/**
 * Issue 39: the carrier rated at the unloading confirmation (stars, a reason, a comment), then seen with its rating in
 * the carrier picker of a new order, and with the rating's author and order in its modal.
 */
const suffix = Date.now().toString(36);
const CARRIER = `Trans-Ocena ${suffix}`;
const CARGO = `Ocena ${suffix}`;

describe("the carrier's record: a rating at the unloading, seen in the picker", () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = (await apiAs(null, 'POST', '/api/login', E2E_ADMIN)).token;
    const customer = await apiAs(token, 'POST', '/api/customers', {
      companyName: `Klient oceny ${suffix}`,
      nip: randomNip(),
      city: 'Poznań',
      country: 'PL',
    });
    const carrier = await apiAs(token, 'POST', '/api/carriers', {
      companyName: CARRIER,
      email: `ocena.${suffix}@przewoznik.example`,
      country: 'PL',
    });
    await apiAs(token, 'POST', '/api/orders', {
      cargo: CARGO,
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: warsawDay(-2),
      unloadingCity: 'Kraków',
      unloadingCountry: 'PL',
      unloadingDate: warsawDay(-1),
      customer: customer['@id'],
      carrier: carrier['@id'],
      customerPrice: 250_000,
      carrierPrice: 200_000,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('rates the carrier while confirming the unloading, then shows ★ 4,00 beside it in the picker', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Zlecenia', exact: true }).click();
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Towar' }), CARGO);
    const row = page.getByRole('table', { name: 'Lista zleceń' }).getByRole('row').filter({ hasText: CARGO });
    await row.waitFor();
    await row.getByRole('button', { name: 'Potwierdzenia' }).click();
    await page.getByRole('menuitem', { name: 'Potwierdź rozładunek' }).click();
    const dialog = page.getByRole('dialog', { name: 'Potwierdzenie rozładunku' });
    await dialog.getByLabel('Rozładunek zakończony').check();
    const rating = dialog.getByRole('group', { name: 'Ocena przewoźnika (opcjonalnie)' });
    // Mantine's stars are hidden radios under their labels: the fourth star's label is what a click reaches.
    const star = await rating.getByRole('radio', { name: '4 z 5' }).getAttribute('id');
    await rating.locator(`label[for="${star}"]`).click();
    await rating.getByText('dokumenty', { exact: true }).click();
    await typeInto(rating.getByLabel('Komentarz do oceny'), 'CMR po tygodniu, poza tym dobrze');
    await dialog.getByRole('button', { name: 'Zapisz', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    // A VAT question may follow the unloading; it is not this walk's.
    const vat = page.getByRole('dialog').filter({ hasText: 'fakturę VAT' });
    if (await vat.isVisible().catch(() => false)) await vat.getByRole('button', { name: 'Nie' }).click();

    // The picker of a new order: the carrier with its rating.
    await nav(page).getByRole('button', { name: 'Nowe zlecenie' }).click();
    const order = page.getByRole('dialog', { name: 'Dodaj zlecenie' });
    const input = order.getByRole('combobox', { name: 'Przewoźnik', exact: true });
    await input.click();
    await input.pressSequentially(`Trans-Ocena ${suffix}`.slice(0, 16), { delay: 20 });
    const option = page.getByRole('option', { name: new RegExp(suffix) });
    await option.waitFor();
    await expect(option.getByTestId('carrier-record-mark').innerText()).resolves.toContain('★ 4,00');
    await option.click();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it("shows the rating with its author and order in the carrier's modal", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginAs(page);
    await nav(page).getByRole('link', { name: 'Przewoźnicy', exact: true }).click();
    await page.waitForURL('**/carriers');
    await typeInto(filters(page).getByRole('textbox', { name: 'Filtr: Nazwa firmy' }), CARRIER);
    await filters(page).getByRole('button', { name: 'Filtruj' }).click();
    const row = page.getByRole('table', { name: 'Lista przewoźników' }).getByRole('row').filter({ hasText: CARRIER });
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('★ 4,00');
    await row.getByRole('button', { name: 'Edytuj' }).click();
    const record = page.getByTestId('carrier-record');
    await record.getByTestId('carrier-last-ratings').waitFor();
    await expect(record.innerText()).resolves.toMatch(/★ 4[\s\S]*Zlecenie [\s\S]*CMR po tygodniu/);

    // The 12-month chart: the orders on the left axis, the on-time % on a right axis of its own, 0–100 %.
    const chart = record.getByTestId('carrier-record-chart');
    // Recharts draws each axis's tick labels in a layer of their own ('…-tick-labels'), apart from its line.
    await chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value').first().waitFor();
    const axes = await chart.locator('.recharts-yAxis-tick-labels').evaluateAll((els) =>
      els
        .map((el) => ({
          x: el.getBoundingClientRect().x,
          ticks: [...el.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((t) => t.textContent ?? ''),
        }))
        .sort((a, b) => a.x - b.x),
    );
    expect(axes).toHaveLength(2);
    const [left, right] = axes as [(typeof axes)[0], (typeof axes)[0]];
    expect(left.ticks.length).toBeGreaterThanOrEqual(2);
    expect(left.ticks.every((tick) => /^\d+$/.test(tick))).toBe(true);
    expect(right.ticks).toEqual(['0 %', '25 %', '50 %', '75 %', '100 %']);
    // The axes' titles beside their axes, the orders' on the left, the %'s on the right, both inside the drawing.
    const titles = await chart.locator('.mantine-BarChart-axisLabel').evaluateAll((els) =>
      els
        .map((el) => {
          const box = el.getBoundingClientRect();
          const svg = (el as SVGElement).ownerSVGElement?.getBoundingClientRect();
          return { x: box.x, text: el.textContent, inside: !!svg && box.left >= svg.left && box.right <= svg.right };
        })
        .sort((a, b) => a.x - b.x),
    );
    expect(titles).toEqual([
      { x: expect.any(Number), text: 'Zlecenia', inside: true },
      { x: expect.any(Number), text: 'Terminowość (%)', inside: true },
    ]);
    await context.close();
  });
});

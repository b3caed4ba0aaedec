import type { CDPSession, Locator, Page } from 'playwright-core';

/**
 * Measures typing as a dispatcher feels it (issue 35), key by key:
 * - the Event Timing API's duration of each key's interaction (key press to the next paint), grouped per
 *   `interactionId`. Chromium reports only interactions of at least 16 ms (the API's smallest `durationThreshold`),
 *   so a key it does not report counts as 16 ms: the figure is an upper bound, and a plain input measures 16;
 * - the main thread's script time per key: CDP `Performance.getMetrics`' `ScriptDuration`, its growth while a field is
 *   typed, divided by the keys typed.
 * Keys go one at a time, each after the previous key's frame is painted, as a person's keys come (~100 ms apart),
 * not queued behind each other.
 */

/** 50 characters a layout types key by key (no Polish letters: those are inserted, without key events). */
export const FIFTY_CHARS = 'Palety 33 szt. stal nierdzewna, ostroznie - 24 t!!';

/** Chromium's smallest threshold: a quicker interaction is not reported (counted as this much). */
export const EVENT_THRESHOLD_MS = 16;

/** The absolute targets of issue 35 on the office's machine (printed, not asserted: timed absolutes are flaky). */
export const TARGET_P95_MS = 24;
export const TARGET_SCRIPT_MS = 8;

export type FieldMeasure = {
  form: string;
  field: string;
  keys: number;
  /** One per key: the interaction's duration, or EVENT_THRESHOLD_MS when Chromium did not report it. */
  durations: number[];
  /** Keys Chromium reported (longer than the threshold). */
  reported: number;
  scriptMs: number;
  /** Style recalculation and layout (CDP RecalcStyleDuration + LayoutDuration) while the field was typed. */
  renderMs: number;
};

export type Summary = {
  name: string;
  keys: number;
  reported: number;
  p50: number;
  p95: number;
  scriptPerKey: number;
  renderPerKey: number;
};

type Entry = { id: number; duration: number };
type Probe = { entries: Entry[] };

/** In the page: keeps every key interaction's event entries (several events share one interactionId). */
function installProbe(threshold: number) {
  const w = window as unknown as { __typingProbe?: Probe };
  if (w.__typingProbe) return;
  const probe: Probe = { entries: [] };
  w.__typingProbe = probe;
  if (!('PerformanceEventTiming' in window)) return;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const id = (entry as PerformanceEntry & { interactionId?: number }).interactionId ?? 0;
      if (id > 0) probe.entries.push({ id, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
}

const takeEntries = (page: Page) =>
  page.evaluate(() => {
    const probe = (window as unknown as { __typingProbe?: Probe }).__typingProbe;
    const entries = probe?.entries ?? [];
    if (probe) probe.entries = [];
    return entries;
  });

/** Resolves after the next frame is painted (a task queued from a frame's callback runs after its paint). */
const afterPaint = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

export class TypingMeter {
  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  /** Before the page's first navigation or after it: the probe is installed in the page and in each one it loads. */
  static async attach(page: Page): Promise<TypingMeter> {
    await page.addInitScript(installProbe, EVENT_THRESHOLD_MS);
    if (page.url() !== 'about:blank') await page.evaluate(installProbe, EVENT_THRESHOLD_MS);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    return new TypingMeter(page, cdp);
  }

  /** The main thread's cumulative times, in seconds: script, and style and layout (the rendering a key causes). */
  private async threadSeconds(): Promise<{ script: number; render: number }> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { script: metric('ScriptDuration'), render: metric('RecalcStyleDuration') + metric('LayoutDuration') };
  }

  /** Types `text` key by key at the end of the field (focused by a click) and measures each key. */
  async typeInto(form: string, field: string, input: Locator, text = FIFTY_CHARS): Promise<FieldMeasure> {
    await input.click();
    await input.press('End');
    // What the click and the focus started (a dropdown, a fetch, a debounce) settles before the count starts.
    await this.page.waitForTimeout(300);
    await afterPaint(this.page);
    await takeEntries(this.page);
    const before = await this.threadSeconds();
    const started = performance.now();
    for (const char of text) {
      await this.page.keyboard.type(char);
      await afterPaint(this.page);
    }
    const after = await this.threadSeconds();
    // The last keys' entries are delivered after their paint.
    await afterPaint(this.page);
    await this.page.waitForTimeout(50);
    const entries = await takeEntries(this.page);
    const byInteraction = new Map<number, number>();
    for (const { id, duration } of entries) byInteraction.set(id, Math.max(byInteraction.get(id) ?? 0, duration));
    const reported = [...byInteraction.values()].slice(0, text.length);
    const durations = [...reported, ...Array(text.length - reported.length).fill(EVENT_THRESHOLD_MS)];
    if (process.env.TYPING_PROGRESS)
      console.log(`${form} / ${field}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return {
      form,
      field,
      keys: text.length,
      durations,
      reported: reported.length,
      scriptMs: (after.script - before.script) * 1000,
      renderMs: (after.render - before.render) * 1000,
    };
  }

  /**
   * The baseline: a plain <input> added to the page outside React, typed the same way. Measure it where no modal is
   * open (a modal traps the focus in itself).
   */
  /**
   * A plain <input>, outside React, typed as the forms are. `within`: put inside that element (an open dialog), so
   * that the baseline pays what the dialog's own painting costs a key and the form is judged on its own work.
   */
  async plainInput(text = FIFTY_CHARS, within?: Locator): Promise<FieldMeasure> {
    const place = (host: Element | null) => {
      const input = document.createElement('input');
      input.id = 'typing-baseline';
      input.setAttribute('aria-label', 'typing baseline');
      input.style.cssText = host
        ? 'display:block;width:300px;margin:8px 0'
        : 'position:fixed;left:8px;bottom:8px;z-index:10000;width:300px';
      (host ?? document.body).append(input);
    };
    if (within) await within.evaluate(place);
    else await this.page.evaluate(place, null);
    const input = this.page.locator('#typing-baseline');
    const measure = await this.typeInto('plain <input>', 'baseline', input, text);
    await input.evaluate((el) => el.remove());
    return measure;
  }
}

export function summarize(name: string, measures: readonly FieldMeasure[]): Summary {
  const durations = measures.flatMap((m) => m.durations);
  const keys = measures.reduce((sum, m) => sum + m.keys, 0);
  const scriptMs = measures.reduce((sum, m) => sum + m.scriptMs, 0);
  const renderMs = measures.reduce((sum, m) => sum + m.renderMs, 0);
  return {
    name,
    keys,
    reported: measures.reduce((sum, m) => sum + m.reported, 0),
    p50: percentile(durations, 50),
    p95: percentile(durations, 95),
    scriptPerKey: keys ? scriptMs / keys : 0,
    renderPerKey: keys ? renderMs / keys : 0,
  };
}

/** The guard that holds on a slower machine: a form may cost at most 1.5× a plain input's p95, plus 8 ms. */
export const allowedP95 = (baseline: Summary) => 1.5 * baseline.p95 + 8;

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A plain-text table: one line per field, its form's line under them, the baseline first. */
export function formatTable(baseline: Summary, forms: readonly { form: Summary; fields: Summary[] }[]): string {
  const limit = allowedP95(baseline);
  const header = [
    'form / field',
    'keys',
    'reported',
    'p50',
    'p95',
    'script/key',
    'style+layout/key',
    'guard',
    'target',
  ];
  const line = (s: Summary, guard: string, target: string) => [
    s.name,
    String(s.keys),
    String(s.reported),
    ms(s.p50),
    ms(s.p95),
    ms(s.scriptPerKey),
    ms(s.renderPerKey),
    guard,
    target,
  ];
  const target = (s: Summary) => (s.p95 <= TARGET_P95_MS && s.scriptPerKey <= TARGET_SCRIPT_MS ? 'met' : 'missed');
  const rows = [header, line(baseline, 'baseline', target(baseline))];
  for (const { form, fields } of forms) {
    for (const field of fields) rows.push(line({ ...field, name: `  ${field.name}` }, '', ''));
    rows.push(line(form, form.p95 <= limit ? 'ok' : `FAIL > ${ms(limit)}`, target(form)));
  }
  const widths = header.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const text = rows.map((r) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '),
  );
  return [
    `Typing, key by key (Event Timing duration per interaction; a key under ${EVENT_THRESHOLD_MS} ms counts as ${EVENT_THRESHOLD_MS}):`,
    ...text,
    `Guard: a form's p95 ≤ 1.5 × the plain input's p95 + 8 ms = ${ms(limit)}. Targets (printed only): p95 ≤ ${TARGET_P95_MS} ms, script ≤ ${TARGET_SCRIPT_MS} ms per key.`,
  ].join('\n');
}

/** The forms over the guard, named with their p95. */
export function laggingForms(baseline: Summary, forms: readonly Summary[]): string[] {
  const limit = allowedP95(baseline);
  return forms.filter((f) => f.p95 > limit).map((f) => `${f.name}: p95 ${ms(f.p95)} > ${ms(limit)}`);
}

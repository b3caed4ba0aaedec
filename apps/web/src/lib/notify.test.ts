import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { actionErrorMessage } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';

/**
 * Every failure notice the app composes, 'Wystąpił błąd podczas {action}!' plus ' Szczegóły: {detail}', read off the
 * sources: each `errorAction: …` of a query or mutation, each `notifyError(…)` and `notifyPartySaveError(…)` call.
 * The action a caller names is looked up in the messages module it imports, and the composed notice must read as
 * Polish: the genitive phrase of SPEC §8 ('tworzenia noty odsetkowej'), or a whole 'Nie udało się …' sentence, which
 * the helper keeps whole. A nominative label ('Wysyłka do KSeF'), a button text ('Usuń') or a file name in its place
 * reads as no sentence at all ('Wystąpił błąd podczas Usuń!').
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CALLS = [
  /errorAction:\s*([^,}\n]+)/g,
  /errorAction=\{([^}]+)\}/g,
  /notifyError\(([^,]+),/g,
  /notifyPartySaveError\(\w+,\s*([^,]+),/g,
];
/** Parameters that only hand a caller's action on (their callers are read instead). */
const PASSED_ON = new Set(['action', 'errorAction']);
/** What the notices may read; the detail is a stand-in. */
const PHRASE_NOTICE = /^Wystąpił błąd podczas \p{Ll}[^!?.…]*! Szczegóły: Powód\.$/u;
const SENTENCE_NOTICE = /^Nie udało się [^!?.…]+[!.] Szczegóły: Powód\.$/u;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `name` as the file imports it from a module of the app or the domain: that module and the export's own name. */
function importOf(source: string, name: string): { from: string; exported: string } | null {
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const spec of (match[1] ?? '').split(',')) {
      const [exported = '', local = exported] = spec.trim().split(/\s+as\s+/);
      const from = match[2] ?? '';
      if (local === name && (from.startsWith('.') || from === '@spedycja/domain')) return { from, exported };
    }
  }
  return null;
}

/** The texts an expression such as `t.actions.create`, `t.uploadAction(file.name)` or `'ładowania'` can give. */
async function textsOf(file: string, source: string, expression: string): Promise<string[] | null> {
  const literal = /^'([^']*)'$/.exec(expression);
  if (literal) return [literal[1] ?? ''];
  const path = /^([\w$]+(?:\.[\w$]+)*)(\((.*)\))?$/.exec(expression);
  if (!path?.[1]) return null;
  const [root = '', ...keys] = path[1].split('.');
  const imported = importOf(source, root);
  if (!imported) {
    const definition = new RegExp(`const ${root} = (.*)`).exec(source)?.[1];
    if (!definition) return null;
    // The shared components' texts (components/texts.tsx): the office's Polish ones, the default of the context.
    if (definition === 'useComponentTexts();') {
      let value: unknown = (await import('../components/texts.tsx')).polishComponentTexts;
      for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
      return typeof value === 'string' ? [value] : null;
    }
    // A local alias of a part of the texts (`const t = m.received;`).
    const alias = /^([\w$]+(?:\.[\w$]+)*);$/.exec(definition)?.[1];
    if (alias && alias !== root) return textsOf(file, source, [alias, ...keys].join('.') + (path[2] ?? ''));
    // A local helper choosing among texts (`sendAction(party)`): the texts its definition names.
    if (keys.length > 0) return null;
    const chosen = [...definition.matchAll(/\b[a-zA-Z]\w*(?:\.\w+)+/g)].map((m) => m[0]);
    const texts = await Promise.all(chosen.map((e) => textsOf(file, source, e)));
    return texts.every((t) => t !== null) && texts.length > 0 ? texts.flat() : null;
  }
  const module = imported.from.startsWith('.') ? resolve(dirname(file), imported.from) : imported.from;
  let value: unknown = (await import(/* @vite-ignore */ module))[imported.exported];
  for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
  if (typeof value === 'function') value = value('CMR');
  return typeof value === 'string' ? [value] : null;
}

async function callers() {
  const found: { where: string; expression: string; texts: string[] | null }[] = [];
  for (const file of sourceFiles(SRC)) {
    if (file.endsWith(join('lib', 'notify.ts'))) continue;
    const source = readFileSync(file, 'utf8');
    for (const pattern of CALLS) {
      for (const match of source.matchAll(pattern)) {
        const expression = (match[1] ?? '').trim();
        if (PASSED_ON.has(expression)) continue;
        found.push({
          where: relative(SRC, file),
          expression,
          texts: await textsOf(file, source, expression),
        });
      }
    }
  }
  return found;
}

describe('failure notices', () => {
  it('every caller’s action makes one correct Polish sentence', async () => {
    const all = await callers();
    // The reading of the sources still finds the callers (about a hundred when this was written).
    expect(all.length).toBeGreaterThan(90);
    const unread = all.filter((c) => c.texts === null).map((c) => `${c.where}: ${c.expression}`);
    expect(unread, 'actions this test cannot look up: name them in a messages module').toEqual([]);
    const garbled = all.flatMap((c) =>
      (c.texts ?? [])
        .map((text) => actionErrorMessage(text, 'Powód.'))
        .filter((notice) => !PHRASE_NOTICE.test(notice) && !SENTENCE_NOTICE.test(notice))
        .map((notice) => `${c.where} (${c.expression}): ${notice}`),
    );
    expect(garbled).toEqual([]);
  });
});

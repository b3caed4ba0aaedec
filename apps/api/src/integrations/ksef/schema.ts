import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { apiRoot } from '../../paths.ts';

/**
 * FA(3) and UPO schema validation in-process (libxml2 compiled to WebAssembly: no xmllint on the server). The MF
 * schemas sit in apps/api/ksef-schemas unchanged; the main schema's one remote import is pointed at the local copy
 * here, in memory. Compiling the schema is most of the cost, so the documents asked for within a few milliseconds
 * are validated in one run.
 */

export type SchemaError = { line: number | null; message: string };
export type SchemaResult = { valid: boolean; errors: SchemaError[] };

const dir = path.join(apiRoot, 'ksef-schemas');
const STRUKTURY_URL =
  'http://crd.gov.pl/xml/schematy/dziedzinowe/mf/2022/01/05/eD/DefinicjeTypy/StrukturyDanych_v10-0E.xsd';

type Kind = 'fa3' | 'upo';
let loaded: Record<Kind, { schema: XMLFileInfo; preload: XMLFileInfo[] }> | undefined;

function schemas() {
  if (loaded) return loaded;
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  loaded = {
    fa3: {
      schema: {
        fileName: 'fa3.xsd',
        contents: read('schemat_FA(3)_v1-0E.xsd').replaceAll(STRUKTURY_URL, 'StrukturyDanych_v10-0E.xsd'),
      },
      preload: ['StrukturyDanych_v10-0E.xsd', 'ElementarneTypyDanych_v10-0E.xsd', 'KodyKrajow_v10-0E.xsd'].map(
        (fileName) => ({ fileName, contents: read(fileName) }),
      ),
    },
    upo: { schema: { fileName: 'upo.xsd', contents: read('upo-v4-3.xsd') }, preload: [] },
  };
  return loaded;
}

type Pending = { xml: string; resolve: (r: SchemaResult) => void; reject: (e: unknown) => void };
const queues: Record<Kind, Pending[]> = { fa3: [], upo: [] };
const busy: Record<Kind, boolean> = { fa3: false, upo: false };

async function run(kind: Kind, batch: Pending[]) {
  try {
    const { schema, preload } = schemas()[kind];
    const files = batch.map((p, i) => ({ fileName: `doc${i}.xml`, contents: p.xml }));
    const result = await validateXML({ xml: files, schema, preload, maxMemoryPages: 4096 });
    const byFile = new Map<string, SchemaError[]>();
    for (const error of result.errors) {
      const file = error.loc?.fileName ?? error.rawMessage.split(':')[0] ?? '';
      const list = byFile.get(file) ?? [];
      list.push({ line: error.loc?.lineNumber ?? null, message: error.message });
      byFile.set(file, list);
    }
    batch.forEach((p, i) => {
      const errors = byFile.get(`doc${i}.xml`) ?? [];
      p.resolve({ valid: errors.length === 0, errors });
    });
  } catch (error) {
    for (const p of batch) p.reject(error);
  }
}

/** One run at a time per schema; what arrives meanwhile goes together in the next run (busy: bigger batches). */
async function drain(kind: Kind) {
  if (busy[kind]) return;
  busy[kind] = true;
  try {
    // A moment for the documents asked for together to arrive together.
    await new Promise((r) => setTimeout(r, 5));
    while (queues[kind].length > 0) {
      const batch = queues[kind].splice(0, 200);
      await run(kind, batch);
    }
  } finally {
    busy[kind] = false;
  }
}

function validate(kind: Kind, xml: string): Promise<SchemaResult> {
  return new Promise((resolve, reject) => {
    queues[kind].push({ xml, resolve, reject });
    void drain(kind);
  });
}

export const validateFa3Xml = (xml: string) => validate('fa3', xml);
export const validateUpoXml = (xml: string) => validate('upo', xml);

/// <reference types="node" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The official FA(3) schemas and sample invoices (`shared/reference/ksef`), for tests only. The repository is checked
 * out next to `shared/` (here /work/wt-…, in CI /work/main), so the folder is `../shared/reference/ksef` from the
 * repository root. The one place that knows the path.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export function ksefReferenceDir(): string {
  const dir = path.resolve(repoRoot, '../shared/reference/ksef');
  if (!existsSync(path.join(dir, 'catalog.xml'))) {
    throw new Error(`The KSeF reference folder is missing: ${dir} (the repository must sit next to shared/)`);
  }
  return dir;
}

export const ksefSchemaPath = () => path.join(ksefReferenceDir(), 'schemat_FA(3)_v1-0E.xsd');
export const ksefCatalogPath = () => path.join(ksefReferenceDir(), 'catalog.xml');
export const ksefSamplesDir = () => path.join(ksefReferenceDir(), 'samples');

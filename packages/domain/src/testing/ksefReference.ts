/// <reference types="node" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The official FA(3) schemas (`apps/api/ksef-schemas`, which the server validates with) and the MF's sample invoices
 * with an XML catalog for xmllint (`apps/api/test/fixtures/ksef`, see its README for source and licence), for tests
 * only. Both live in this repository; this is the one place that knows the paths.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const fixturesDir = path.join(repoRoot, 'apps/api/test/fixtures/ksef');
const schemasDir = path.join(repoRoot, 'apps/api/ksef-schemas');

function existing(file: string): string {
  if (!existsSync(file)) throw new Error(`A KSeF test fixture is missing from the repository: ${file}`);
  return file;
}

export const ksefSchemaPath = () => existing(path.join(schemasDir, 'schemat_FA(3)_v1-0E.xsd'));
export const ksefCatalogPath = () => existing(path.join(fixturesDir, 'catalog.xml'));
export const ksefSamplesDir = () => existing(path.join(fixturesDir, 'samples'));

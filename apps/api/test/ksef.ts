import { spawnSync } from 'node:child_process';
import { ksefCatalogPath, ksefSchemaPath } from '../../../packages/domain/src/testing/ksefReference.ts';

/**
 * Validates an FA(3) document against the official schema with xmllint, offline: the catalog points the schema's
 * remote import at the local copies (`--nonet` would refuse the network anyway).
 */
export function validateFa3(xml: string): { valid: boolean; output: string } {
  const result = spawnSync('xmllint', ['--nonet', '--noout', '--schema', ksefSchemaPath(), '-'], {
    input: xml,
    encoding: 'utf8',
    env: { ...process.env, XML_CATALOG_FILES: ksefCatalogPath() },
  });
  if (result.error) throw result.error;
  return { valid: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

import { createHash } from 'node:crypto';

/**
 * Where the bytes of uploaded files live (issue 25): content-addressed by their SHA-256 (hex), written once and never
 * overwritten. The metadata (name, type, size, who, when, the order) is in the database. Two implementations with the
 * same behaviour: the disk (`FILES_DIR`) and an S3-compatible bucket.
 */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under their hash (nothing happens when they are there already) and answers the hash. */
  put(data: Buffer): Promise<{ sha256: string; size: number }>;
  /** The bytes, or null when the store has no such file. */
  get(sha256: string): Promise<Buffer | null>;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
  /** Every stored hash (backups, clean-up). */
  list(): Promise<string[]>;
}

const SHA_RE = /^[0-9a-f]{64}$/;

/** Only a well-formed hash ever reaches a path or a key: nothing a client sends can leave the store. */
export function assertSha256(sha256: string): string {
  if (!SHA_RE.test(sha256)) throw new Error(`not a SHA-256: ${JSON.stringify(sha256).slice(0, 80)}`);
  return sha256;
}

export const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

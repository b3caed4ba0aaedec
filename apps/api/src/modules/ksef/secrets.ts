import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets kept in the database (the KSeF token) are encrypted with AES-256-GCM. The key: SHA-256 of APP_SECRET, or
 * 32 random bytes generated into the data folder on first use (a backup of the database alone does not reveal it).
 */
export function secretKey(options: { appSecret: string | undefined; dataDir: string }): Buffer {
  if (options.appSecret) return createHash('sha256').update(`spedycja-secrets:${options.appSecret}`).digest();
  const file = path.join(options.dataDir, 'secrets.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

/** `v1.{iv}.{tag}.{ciphertext}`, Base64URL parts. */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain secret, or null when it was sealed with another key (APP_SECRET changed): it must be set again. */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

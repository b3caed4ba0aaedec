/**
 * 128 random bits as hex, the Idempotency-Key of one write; crypto.randomUUID exists only on HTTPS, and the office app
 * is often plain HTTP. Its own module so that the carrier's page takes it without the staff app's client.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Delays before sending a write again after the connection failed (the key makes a repeat safe). */
export const NETWORK_RETRY_MS = [300, 1000];

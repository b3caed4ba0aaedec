import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  publicEncrypt,
  randomBytes,
  X509Certificate,
} from 'node:crypto';

/**
 * The cryptography KSeF asks of a client (uwierzytelnianie.md, sesja-interaktywna.md): RSA-OAEP with SHA-256 and
 * MGF1-SHA-256 under the MF public key of a certificate, AES-256-CBC with PKCS#7 padding, SHA-256 in Base64.
 */

/** A certificate as GET /security/public-key-certificates gives it: DER in Base64. */
export function publicKeyOf(certificateBase64: string) {
  return new X509Certificate(Buffer.from(certificateBase64, 'base64')).publicKey;
}

export function rsaOaepEncrypt(certificateBase64: string, data: Buffer): Buffer {
  return publicEncrypt(
    { key: publicKeyOf(certificateBase64), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    data,
  );
}

/** `{token}|{timestampMs}` encrypted for POST /auth/ksef-token, in Base64. */
export function encryptKsefToken(certificateBase64: string, token: string, timestampMs: number): string {
  return rsaOaepEncrypt(certificateBase64, Buffer.from(`${token}|${timestampMs}`, 'utf8')).toString('base64');
}

export type SessionKey = { key: Buffer; iv: Buffer };

/** A fresh 256-bit key and 128-bit IV, one pair per session. */
export const newSessionKey = (): SessionKey => ({ key: randomBytes(32), iv: randomBytes(16) });

export function aesEncrypt(data: Buffer, { key, iv }: SessionKey): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export function aesDecrypt(data: Buffer, { key, iv }: SessionKey): Buffer {
  const decipher = createDecipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

export const sha256Base64 = (data: Buffer | string) => createHash('sha256').update(data).digest('base64');

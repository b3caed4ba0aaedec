import { encryptKsefToken } from '../../integrations/ksef/crypto.ts';
import { type KsefClient, KsefError, type PublicKeyCertificate } from '../../integrations/ksef/types.ts';

export type Credentials = { token: string; nip: string };
type Tokens = { access: string; accessUntil: number; refresh: string; refreshUntil: number };

/** A certificate for one usage valid now; of several, the one with the latest validFrom (klucze-publiczne…md §4.1). */
export function certificateFor(certificates: PublicKeyCertificate[], usage: string): PublicKeyCertificate {
  const now = Date.now();
  const usable = certificates
    .filter((c) => (c.usage as string[]).includes(usage))
    .filter((c) => Date.parse(c.validFrom) <= now && now < Date.parse(c.validTo))
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom));
  const chosen = usable[0];
  if (!chosen) throw new KsefError('auth', `Brak ważnego certyfikatu KSeF do: ${usage}`);
  return chosen;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Access to KSeF with a KSeF token: challenge → ksef-token (RSA-OAEP of `{token}|{timestampMs}`) → poll the
 * operation → redeem. The access token is reused while valid, refreshed with the refresh token, and the whole flow is
 * run again when the refresh fails. One flow at a time: concurrent callers wait for the same one.
 */
export function createKsefAuth(client: KsefClient, credentials: () => Promise<Credentials>) {
  let tokens: Tokens | undefined;
  let certificates: PublicKeyCertificate[] | undefined;
  let pending: Promise<string> | undefined;
  let forToken: string | undefined;

  async function certs(refresh = false) {
    if (!certificates || refresh) certificates = await client.publicKeyCertificates();
    return certificates;
  }

  async function authenticate({ token, nip }: Credentials): Promise<Tokens> {
    const challenge = await client.challenge();
    const certificate = certificateFor(await certs(true), 'KsefTokenEncryption');
    const init = await client.authenticateWithToken({
      challenge: challenge.challenge,
      contextIdentifier: { type: 'Nip', value: nip },
      encryptedToken: encryptKsefToken(certificate.certificate, token, challenge.timestampMs),
      publicKeyId: certificate.publicKeyId,
    });
    const operationToken = init.authenticationToken.token;
    for (let attempt = 0; ; attempt++) {
      const status = await client.authStatus(init.referenceNumber, operationToken);
      if (status.status.code === 200) break;
      if (status.status.code !== 100) {
        const details = status.status.details?.length ? `: ${status.status.details.join(', ')}` : '';
        throw new KsefError('auth', `${status.status.description}${details}`, null, status.status.code);
      }
      if (attempt >= 60) throw new KsefError('auth', 'Uwierzytelnianie w KSeF trwa zbyt długo.');
      await sleep(Math.min(1000, 50 * 2 ** attempt));
    }
    const redeemed = await client.redeem(operationToken);
    return {
      access: redeemed.accessToken.token,
      accessUntil: Date.parse(redeemed.accessToken.validUntil),
      refresh: redeemed.refreshToken.token,
      refreshUntil: Date.parse(redeemed.refreshToken.validUntil),
    };
  }

  async function obtain(): Promise<string> {
    const creds = await credentials();
    // A changed token (the settings) starts over.
    if (forToken !== creds.token) tokens = undefined;
    forToken = creds.token;
    const margin = 60_000;
    if (tokens && tokens.accessUntil - margin > Date.now()) return tokens.access;
    if (tokens && tokens.refreshUntil - margin > Date.now()) {
      try {
        const refreshed = await client.refresh(tokens.refresh);
        tokens = {
          ...tokens,
          access: refreshed.accessToken.token,
          accessUntil: Date.parse(refreshed.accessToken.validUntil),
        };
        return tokens.access;
      } catch (error) {
        // A network failure is not a refused refresh: let the caller retry later.
        if (error instanceof KsefError && error.unavailable) throw error;
      }
    }
    tokens = await authenticate(creds);
    return tokens.access;
  }

  return {
    /** A valid access token (cached, refreshed or new). */
    accessToken(): Promise<string> {
      pending ??= obtain().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** Forgets the tokens (KSeF answered 401 to one): the next call authenticates anew. */
    invalidate() {
      tokens = undefined;
    },
    /** Runs the whole flow now, whatever is cached (Sprawdź połączenie). */
    async check(): Promise<void> {
      const creds = await credentials();
      forToken = creds.token;
      tokens = await authenticate(creds);
    },
    certificates: certs,
  };
}

export type KsefAuth = ReturnType<typeof createKsefAuth>;

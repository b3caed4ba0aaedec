import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens.ts';

const user = {
  uuid: '6f1c2b8e-2d7a-4b7e-9a3e-2f6b1c0d9e11',
  username: 'anna',
  name: 'Anna Nowak',
  roles: ['ROLE_USER'],
};

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies a token again without losing its claims, and a caller cannot change the remembered ones', async () => {
    const signer = createTokenSigner('s'.repeat(40), 900);
    const token = await signer.sign(user);
    const first = await signer.verify(token);
    expect(first).toEqual(user);
    first?.roles.push('ROLE_ADMIN');
    expect(await signer.verify(token)).toEqual(user);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
    const signer = createTokenSigner('s'.repeat(40), 60);
    const token = await signer.sign(user);
    expect(await signer.verify(token)).toEqual(user);
    vi.setSystemTime(new Date('2026-11-29T10:00:59Z'));
    expect(await signer.verify(token)).toEqual(user);
    vi.setSystemTime(new Date('2026-11-29T10:01:00Z'));
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token whose signature or claims were altered after the genuine one was verified', async () => {
    const signer = createTokenSigner('s'.repeat(40), 900);
    const token = await signer.sign(user);
    expect(await signer.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['ROLE_ADMIN'] })).toString('base64url');
    expect(await signer.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(await signer.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeNull();
    // Another server's secret does not know it.
    expect(await createTokenSigner('t'.repeat(40), 900).verify(token)).toBeNull();
  });
});

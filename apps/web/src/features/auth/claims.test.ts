import { describe, expect, it } from 'vitest';
import { fakeToken } from '../../test/tokens.ts';
import { decodeToken, initials } from './claims.ts';

describe('decodeToken', () => {
  it('reads name, username and roles from the payload', () => {
    const token = fakeToken({
      sub: '0b6f4c1e-8a1f-4c55-9a53-0d6e2b4d7f10',
      username: 'zofia',
      name: 'Zofia Żółkiewska',
      roles: ['ROLE_ADMIN', 'ROLE_USER'],
      exp: 2_000_000_000,
    });
    expect(decodeToken(token)).toEqual({
      uuid: '0b6f4c1e-8a1f-4c55-9a53-0d6e2b4d7f10',
      username: 'zofia',
      name: 'Zofia Żółkiewska',
      roles: ['ROLE_ADMIN', 'ROLE_USER'],
      exp: 2_000_000_000,
      isAdmin: true,
    });
  });

  it('rejects what is not our token', () => {
    expect(decodeToken(null)).toBeNull();
    expect(decodeToken('abc')).toBeNull();
    expect(decodeToken(fakeToken({ username: 'x' }))).toBeNull();
  });

  it('makes initials', () => {
    expect(initials('Jan Kowalski')).toBe('JK');
    expect(initials('łukasz')).toBe('Ł');
    expect(initials('')).toBe('?');
  });
});

/** An unsigned JWT with the given claims (the web app only reads the payload). */
const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const fakeToken = (claims: Record<string, unknown>) =>
  `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;

export const adminClaims = {
  sub: '0b6f4c1e-8a1f-4c55-9a53-0d6e2b4d7f10',
  username: 'admin',
  name: 'Anna Administrator',
  roles: ['ROLE_ADMIN', 'ROLE_USER'],
  exp: 2_000_000_000,
};

export const userClaims = {
  sub: '7d1c2a4e-5b6f-4a3c-8d2e-1f0a9b8c7d6e',
  username: 'jan',
  name: 'Jan Kowalski',
  roles: ['ROLE_USER'],
  exp: 2_000_000_000,
};

/** The roles a user may have (SPEC §6); no zod here, so the web app's first load can use it (see index.ts). */

export const ROLES = ['ROLE_ADMIN', 'ROLE_USER'] as const;
export type Role = (typeof ROLES)[number];
export const roleLabels: Record<Role, string> = {
  ROLE_ADMIN: 'Administrator',
  ROLE_USER: 'Użytkownik',
};

export const isAdmin = (roles: readonly string[] | undefined) => !!roles?.includes('ROLE_ADMIN');

/** The roles a user may have (SPEC §6); no zod here, so the web app's first load can use it (see index.ts). */

export const ROLES = ['ROLE_ADMIN', 'ROLE_USER'] as const;
export type Role = (typeof ROLES)[number];
export const roleLabels: Record<Role, string> = {
  ROLE_ADMIN: 'Administrator',
  ROLE_USER: 'Użytkownik',
};

export const isAdmin = (roles: readonly string[] | undefined) => !!roles?.includes('ROLE_ADMIN');

/**
 * A customer's panel user (issue 37): bound to one customer record, reaches only /api/panel/…; never one of the
 * staff's roles (the users form does not offer it, the users list does not show such users).
 */
export const CUSTOMER_ROLE = 'ROLE_CUSTOMER';
export const isCustomerUser = (roles: readonly string[] | undefined) => !!roles?.includes(CUSTOMER_ROLE);

import { z } from 'zod';

export const loginSchema = z.object({
  username: z.string().max(180),
  password: z.string().max(4096),
});
export type LoginPayload = z.infer<typeof loginSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const logoutSchema = z.object({ refreshToken: z.string().max(512).optional() });

/** Claims of the access token (SPEC §3 Auth user). */
export const tokenClaimsSchema = z.object({
  username: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

import { z } from 'zod';
import { DEFAULT_PHONE_PREFIX } from './constants.ts';
import { validationMessages as m } from './messages.ts';
import { ROLES } from './roles.ts';
import { optionalEmail, optionalPhone, optionalText, phonePrefix, requiredText } from './validation.ts';

export const PASSWORD_MIN_LENGTH = 8;

const password = z
  .string({ error: m.required })
  .min(PASSWORD_MIN_LENGTH, { error: m.minLength(PASSWORD_MIN_LENGTH) })
  .max(4096, { error: m.maxLength(4096) });

const userFields = {
  login: requiredText(180).regex(/^[\p{L}\d._@-]+$/u, { error: m.alphanumeric }),
  name: requiredText(255),
  roles: z.array(z.enum(ROLES, { error: m.oneOf }), { error: m.required }).min(1, { error: m.required }),
  phonePrefix: phonePrefix().default(DEFAULT_PHONE_PREFIX),
  phone: optionalPhone(),
  email: optionalEmail(),
  telegramUserId: optionalText(64),
};

export const userCreateSchema = z.object({ ...userFields, plainPassword: password });

/** PUT is partial; an empty or missing password keeps the current one. */
export const userUpdateSchema = z.object({
  login: userFields.login.optional(),
  name: userFields.name.optional(),
  roles: userFields.roles.optional(),
  phonePrefix: phonePrefix().optional(),
  phone: userFields.phone,
  email: userFields.email,
  telegramUserId: userFields.telegramUserId,
  plainPassword: z.preprocess((v) => (v === '' ? null : v), password.nullable()).optional(),
});

export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userSchema = z.object({
  '@id': z.string(),
  '@type': z.literal('User'),
  id: z.number().int(),
  uuid: z.uuid(),
  login: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  phonePrefix: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  telegramUserId: z.string().nullable(),
  createdDate: z.string(),
});
export type User = z.infer<typeof userSchema>;

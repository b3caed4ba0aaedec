import { hash } from '@node-rs/argon2';
import { apiMessages } from '@spedycja/domain';
import { dictionary } from '@zxcvbn-ts/language-common';
import { fieldViolation } from '../../http/errors.ts';

/**
 * Passwords nobody should have: the user's own login, and the most common passwords of the breach corpora (the
 * list zxcvbn-ts maintains, @zxcvbn-ts/language-common, about 30,000 entries). Checked on the server only: the list
 * would weigh on the web app's first load.
 */
let common: Set<string> | undefined;
const commonPasswords = () => {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
};

export function passwordIssue(login: string | undefined, password: string): string | null {
  const lowered = password.toLowerCase();
  if (login && lowered === login.trim().toLowerCase()) return apiMessages.passwordIsLogin;
  if (commonPasswords().has(lowered)) return apiMessages.passwordTooCommon;
  return null;
}

/** Throws the 422 on the password field. */
export function assertAcceptablePassword(login: string | undefined, password: string) {
  const issue = passwordIssue(login, password);
  if (issue) throw fieldViolation('plainPassword', issue);
}

export const hashPassword = (password: string) => hash(password);

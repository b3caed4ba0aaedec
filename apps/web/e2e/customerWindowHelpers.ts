import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { apiAs } from './fixtures.ts';

/** Quoted-printable soft breaks and =XX escapes decoded (UTF-8), as a mail reader would. */
function decodeQp(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/((?:=[0-9A-F]{2})+)/g, (bytes) =>
    Buffer.from(
      bytes
        .split('=')
        .slice(1)
        .map((h) => Number.parseInt(h, 16)),
    ).toString('utf8'),
  );
}

/** Waits for a mail to `to` (written as .eml into the server's data folder: no SMTP_URL) and finds `pattern` in it. */
export async function linkInMail(to: string, pattern: RegExp): Promise<string> {
  const folder = path.join(inject('dataDir'), 'mail');
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(folder).filter((f) => f.endsWith('.eml'));
    } catch {
      // No mail written yet.
    }
    for (const file of files) {
      const mail = decodeQp(readFileSync(path.join(folder, file), 'utf8'));
      if (!mail.includes(to)) continue;
      const link = mail.match(pattern)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with ${pattern}`);
}

export const INVITATION_LINK = /https?:\/\/\S+\/panel\/invite\/[\w-]+/;

/** A customer's panel login made through the API: invited, the password set through the mailed link, signed in. */
export async function panelLogin(adminToken: string, customerUuid: string, email: string, password: string) {
  await apiAs(adminToken, 'POST', `/api/customers/${customerUuid}/panel_users`, { email, name: `Osoba ${email}` });
  const link = await linkInMail(email, INVITATION_LINK);
  const token = link.split('/panel/invite/')[1] as string;
  await apiAs(null, 'POST', `/api/panel/invitations/${token}/accept`, { password });
  return (await apiAs(null, 'POST', '/api/login', { username: email, password })) as {
    token: string;
    refreshToken: string;
  };
}

import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { users } from './db/schema/index.ts';
import { seedSettings } from './modules/settings/repository.ts';
import { hashPassword } from './modules/users/passwords.ts';
import { insertUser } from './modules/users/queries.ts';

export type FirstAdmin = { username: string; password: string; generated: boolean };

/** First start: the admin and the default settings. Later starts change nothing. */
export async function bootstrap(
  db: Db,
  config: Pick<Config, 'adminUsername' | 'adminPassword'>,
): Promise<FirstAdmin | null> {
  await seedSettings(db);
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await insertUser(db, {
    login: config.adminUsername,
    name: 'Administrator',
    roles: ['ROLE_ADMIN', 'ROLE_USER'],
    passwordHash: await hashPassword(password),
  });
  return { username: config.adminUsername, password, generated };
}

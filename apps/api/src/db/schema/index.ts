export * from './auth.ts';
export * from './mail.ts';
export * from './orders.ts';
export * from './parties.ts';
export * from './queries.ts';
export * from './settings.ts';
export * from './tasks.ts';
export * from './users.ts';

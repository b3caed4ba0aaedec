export * from './auth.ts';
export * from './mail.ts';
export * from './parties.ts';
export * from './settings.ts';
export * from './users.ts';

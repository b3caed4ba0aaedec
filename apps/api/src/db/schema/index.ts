export * from './auth.ts';
export * from './parties.ts';
export * from './settings.ts';
export * from './users.ts';

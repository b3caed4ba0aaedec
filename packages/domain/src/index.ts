/*
 * The modules without zod (constants, countries, dictionaries, format, messages, roles) are all that the web app's
 * first load (the login, the carriers' public page) imports: a module that declares schemas brings zod (24 kB gzipped)
 * along, and e2e/bundleSize.e2e.ts fails when a page passes its limit.
 */
export * from './auth.ts';
export * from './carrierRecord.ts';
export * from './carriers.ts';
export * from './constants.ts';
export * from './conversions.ts';
export * from './countries.ts';
export * from './customers.ts';
export * from './customerWindow.ts';
export * from './debtors.ts';
export * from './dictionaries.ts';
export * from './format.ts';
export * from './hydra.ts';
export * from './imports.ts';
export * from './interest.ts';
export * from './interestNotes.ts';
export * from './invoiceMath.ts';
export * from './invoices.ts';
export * from './ksef.ts';
export * from './loadings.ts';
export * from './mail.ts';
export * from './margin.ts';
export * from './messages.ts';
export * from './offers.ts';
export * from './orders.ts';
export * from './parties.ts';
export * from './payables.ts';
export * from './phonePrefixes.ts';
export * from './phones.ts';
export * from './portal.ts';
export * from './positions.ts';
export * from './queries.ts';
export * from './receivables.ts';
export * from './reminders.ts';
export * from './roles.ts';
export * from './settings.ts';
export * from './shipments.ts';
export * from './softDelete.ts';
export * from './statements.ts';
export * from './stats.ts';
export * from './tasks.ts';
export * from './taxIds.ts';
export * from './telegram.ts';
export * from './timeZones.ts';
export * from './users.ts';
export * from './validation.ts';
export * from './verification.ts';

/** The public pages ('/' and '/verify'), used by the app's routes. */
export { PublicQueriesPage } from './components/PublicQueriesPage.tsx';
export { VerifyOfferPage } from './components/VerifyOfferPage.tsx';
export { publicMessages } from './messages.ts';

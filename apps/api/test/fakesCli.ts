import { startFakeGus } from './gusFake.ts';
import { startFakeVies } from './viesFake.ts';
import { startFakeWhitelist } from './whitelistFake.ts';

/**
 * `npm run fakes`: the local GUS (BIR1.1), VIES and VAT white list the tests use, on fixed ports
 * (FAKE_GUS_PORT 8091, FAKE_VIES_PORT 8092, FAKE_WL_PORT 8093), with the variables to start the app against them.
 */
const host = process.env.FAKES_HOST ?? '127.0.0.1';
const gus = await startFakeGus({ host, port: Number(process.env.FAKE_GUS_PORT ?? 8091) });
const vies = await startFakeVies({ host, port: Number(process.env.FAKE_VIES_PORT ?? 8092) });
const wl = await startFakeWhitelist({ host, port: Number(process.env.FAKE_WL_PORT ?? 8093) });
console.log(`Fake GUS BIR1.1 at ${gus.url} (key ${gus.key})`);
console.log(`Fake VIES at ${vies.url}`);
console.log(`Fake VAT white list at ${wl.url}`);
console.log(
  `Start the app with: GUS_API_URL=${gus.url} GUS_API_KEY=${gus.key} VIES_API_URL=${vies.url} WL_API_URL=${wl.url} npm start`,
);
console.log('Known NIPs: 5261040828 (active, on the white list), 7792433421 (suspended), 1132622472 (struck off)');
const stop = () => void Promise.all([gus.close(), vies.close(), wl.close()]).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

import { startFakeKsef } from './ksefFake.ts';

/** `npm run ksef:fake`: the fake KSeF on KSEF_FAKE_PORT (default 8090) with the token KSEF_FAKE_TOKEN. */
const port = Number(process.env.KSEF_FAKE_PORT ?? 8090);
const token = process.env.KSEF_FAKE_TOKEN ?? 'fake-ksef-token-0001';
const fake = await startFakeKsef({ port, tokens: [token], host: process.env.KSEF_FAKE_HOST ?? '127.0.0.1' });
console.log(`Fake KSeF at ${fake.url} (KSEF_API_URL=${fake.url}), token: ${token}`);
console.log(
  'Switches: POST /__fake/switches {fail503, rateLimit, retryAfter, delayMs}; POST /__fake/received {buyerNip, invoices}',
);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

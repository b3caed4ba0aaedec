import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './scripts/testSequencer.ts';

export default defineConfig({
  test: {
    // A stray `.only` fails the run instead of skipping the rest of the suite (each project repeats it: projects do
    // not inherit the root's options).
    allowOnly: false,
    // Each API test file opens its own databases; two at a time suits a 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          allowOnly: false,
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          allowOnly: false,
          root: './apps/api',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/globalSetup.ts'],
          // The files share a worker's loaded modules: importing the app costs each file ~10 s otherwise. No API test
          // mocks a module; each builds its own app and database.
          isolate: false,
          // Hang guards, not speed checks (speed is `npm run bench`): CI may share its 2 cores with other work.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          allowOnly: false,
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // The files share a worker's loaded modules (Mantine, the dates, the features): imported again for each of the
          // ~60 files they cost more than the tests. No web test mocks a module; the setup cleans the DOM and storage.
          isolate: false,
          // Component tests type and wait for debounces; on a busy 2-core machine 5 s is not enough for the long ones
          // (the customer modal's took 16 s at a load of 14). A hang guard above the waits' 15 s (src/test/setup.ts).
          testTimeout: 45_000,
        },
      },
      {
        test: {
          name: 'e2e',
          allowOnly: false,
          root: './apps/web/e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./globalSetup.ts'],
          // One browser at a time against one server: walks share the admin and the database.
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          // Hang guards: `npm test` runs the walks beside the API tests, and the longest walk took 43 s alone.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A poll waits as long as a locator does (10 s): a loaded machine answers a filtered list slowly.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

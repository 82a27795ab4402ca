import { defineConfig } from 'vitest/config';
import { contractsFromSources } from './packages/contracts/sources.ts';

const resolve = { alias: contractsFromSources };

export default defineConfig({
  test: {
    // The server suites mostly wait on databases and sockets: one worker per core instead of
    // Vitest's default of one fewer halves the run on a 2-core machine.
    maxWorkers: '100%',
    projects: [
      {
        resolve,
        test: { name: 'contracts', root: 'packages/contracts', include: ['test/**/*.test.ts'] },
      },
      {
        resolve,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          globalSetup: ['test/support/database-templates.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        resolve,
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/valid-markup.ts'],
          // Typing into jsdom takes seconds when the other project's suites load both cores.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

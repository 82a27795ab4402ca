import { defineConfig } from 'vitest/config';
import { contractsFromSources } from './packages/contracts/sources.ts';

const resolve = { alias: contractsFromSources };

const server = {
  root: 'apps/server',
  include: ['test/**/*.test.ts'],
  globalSetup: ['test/support/build.ts', 'test/support/database-templates.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

// Suites that change the process for good: tracing patches node:http and pg once started.
const ISOLATED = ['test/tracing.test.ts'];

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
          ...server,
          // Each file loading the app afresh (some 2,100 modules) cost about 8 s of a worker's time:
          // the files of a worker share one module graph instead (decision 0038). Each builds its
          // own apps, databases and servers; what modules keep (the metrics registry, the test
          // decoder) lives on from file to file.
          isolate: false,
          exclude: [...ISOLATED],
        },
      },
      {
        resolve,
        test: { name: 'server-isolated', ...server, include: [...ISOLATED] },
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

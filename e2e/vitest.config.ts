import { defineConfig } from 'vitest/config';
import { contractsFromSources } from '../packages/contracts/sources.ts';

export default defineConfig({
  resolve: { alias: contractsFromSources },
  test: {
    include: ['specs/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One server and one browser per file. A file mostly waits (for its server, its mail, the
    // browser): run one after another they kept 0.7 of one core busy, so two run at once, one per
    // worker, and the files of a worker share its loaded support modules (decision 0038).
    maxWorkers: 2,
    isolate: false,
  },
});

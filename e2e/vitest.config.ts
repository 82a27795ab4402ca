import { defineConfig } from 'vitest/config';
import { contractsFromSources } from '../packages/contracts/sources.ts';

export default defineConfig({
  resolve: { alias: contractsFromSources },
  test: {
    include: ['specs/**/*.spec.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // One server and one browser per file; files run one after another on a 2-core machine, in
    // one process that loads the support modules once (7 s a file otherwise; decision 0038).
    fileParallelism: false,
    isolate: false,
  },
});

import { fileURLToPath } from 'node:url';

/**
 * The Vite alias that has the web app, its build and the test suites read the contracts from
 * their sources; Node resolves the package to its compiled dist/ unless told `--conditions=vr-source`.
 */
export const contractsFromSources = {
  '@vr/contracts': fileURLToPath(new URL('./src/index.ts', import.meta.url)),
};

import { setTimeout as delay } from 'node:timers/promises';
import { PlateProviderError, type PlateProvider } from './plate-provider.ts';
import { SANDBOX_ERROR_MESSAGE, SANDBOX_PLATES } from './sandbox-plates.ts';

/** How long the sandbox's slow plate takes: long enough to see progress, inside the timeout. */
export const SANDBOX_SLOW_MS = 12_000;

/** The demo plates of SANDBOX_PLATES; any other plate is not found. */
export function createSandboxPlateProvider(options: { slowMs?: number } = {}): PlateProvider {
  const slowMs = options.slowMs ?? SANDBOX_SLOW_MS;
  return {
    name: 'sandbox',
    async lookup(state, plate, signal) {
      const entry = SANDBOX_PLATES.find((p) => p.state === state && p.plate === plate);
      if (!entry) return { found: false };
      if (entry.behaviour === 'error')
        throw new PlateProviderError(SANDBOX_ERROR_MESSAGE, 'unavailable');
      if (entry.behaviour === 'slow') await delay(slowMs, undefined, { signal });
      return { found: true, vin: entry.vin! };
    },
    async health() {},
  };
}

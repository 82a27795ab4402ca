import { recallsKey, type RecallsProvider } from './recalls-provider.ts';
import { SANDBOX_RECALLS } from './sandbox-recalls.ts';

/** The recalls of SANDBOX_RECALLS; every other vehicle has none. */
export function createSandboxRecallsProvider(): RecallsProvider {
  return {
    name: 'sandbox',
    async recallsFor(vehicle) {
      return {
        source: 'Sandbox (sample recalls)',
        sandbox: true,
        campaigns: structuredClone([...(SANDBOX_RECALLS[recallsKey(vehicle)] ?? [])]),
      };
    },
  };
}

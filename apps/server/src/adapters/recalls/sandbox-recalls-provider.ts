import { recallModelsKey, recallsKey, type RecallsProvider } from './recalls-provider.ts';
import { SANDBOX_RECALL_MODELS, SANDBOX_RECALLS } from './sandbox-recalls.ts';

const SOURCE = 'Sandbox (sample recalls)';

/** The model names and recalls of sandbox-recalls.ts; every other vehicle matches no model. */
export function createSandboxRecallsProvider(): RecallsProvider {
  return {
    name: 'sandbox',
    source: SOURCE,
    sandbox: true,
    async modelsFor(vehicle) {
      return [...(SANDBOX_RECALL_MODELS[recallModelsKey(vehicle)] ?? [])];
    },
    async recallsFor(vehicle) {
      return {
        source: SOURCE,
        sandbox: true,
        campaigns: structuredClone([...(SANDBOX_RECALLS[recallsKey(vehicle)] ?? [])]),
      };
    },
  };
}

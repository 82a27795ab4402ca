import {
  distinctCampaigns,
  recallModelsKey,
  recallsKey,
  type RecallsProvider,
} from './recalls-provider.ts';
import type { PublishedSampleRecalls } from './sandbox-published-recalls.ts';
import { SANDBOX_RECALL_MODELS, SANDBOX_RECALLS } from './sandbox-recalls.ts';

const SOURCE = 'Sandbox (sample recalls)';

/**
 * The model names and recalls of sandbox-recalls.ts, plus those `published` since (recall watch
 * demonstrations, kept in the database); every other vehicle matches no model.
 */
export function createSandboxRecallsProvider(published?: PublishedSampleRecalls): RecallsProvider {
  return {
    name: 'sandbox',
    source: SOURCE,
    sandbox: true,
    async modelsFor(vehicle) {
      const key = recallModelsKey(vehicle);
      const more = published ? await published.modelsOf(key) : [];
      return [...new Set([...(SANDBOX_RECALL_MODELS[key] ?? []), ...more])];
    },
    async recallsFor(vehicle) {
      const key = recallsKey(vehicle);
      const more = published ? await published.campaignsOf(key) : [];
      return {
        source: SOURCE,
        sandbox: true,
        campaigns: distinctCampaigns(structuredClone([...(SANDBOX_RECALLS[key] ?? []), ...more])),
      };
    },
  };
}

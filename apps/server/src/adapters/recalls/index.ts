import type { Config } from '../../config.ts';
import { createNhtsaRecallsProvider } from './nhtsa-recalls-provider.ts';
import type { RecallsProvider } from './recalls-provider.ts';
import { createSandboxRecallsProvider } from './sandbox-recalls-provider.ts';
import type { PublishedSampleRecalls } from './sandbox-published-recalls.ts';

export type {
  ModelRecalls,
  RecallCampaign,
  RecallList,
  RecallsProvider,
} from './recalls-provider.ts';
export { RECALLS_BY_MODEL_NOTICE, RecallsProviderError } from './recalls-provider.ts';
export { createCachedRecallsProvider } from './cached-recalls-provider.ts';
export { matchRecallModels, vehicleRecalls } from './vehicle-recalls.ts';
export { publishedSampleRecalls, publishSampleRecall } from './sandbox-published-recalls.ts';

/**
 * The configured recalls provider (RECALLS_PROVIDER); wrap it in createCachedRecallsProvider.
 * The sandbox also lists the sample campaigns `published` in the database (recall watch).
 */
export function createRecallsProvider(
  config: Pick<Config, 'RECALLS_PROVIDER' | 'RECALLS_API_BASE' | 'RECALLS_TIMEOUT_MS'>,
  published?: PublishedSampleRecalls,
): RecallsProvider {
  if (config.RECALLS_PROVIDER === 'nhtsa') {
    return createNhtsaRecallsProvider({
      baseUrl: config.RECALLS_API_BASE,
      timeoutMs: config.RECALLS_TIMEOUT_MS,
    });
  }
  return createSandboxRecallsProvider(published);
}

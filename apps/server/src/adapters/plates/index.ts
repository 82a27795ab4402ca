import type { Config } from '../../config.ts';
import { createCarsxePlateProvider } from './carsxe-plate-provider.ts';
import type { PlateProvider } from './plate-provider.ts';
import { createSandboxPlateProvider } from './sandbox-plate-provider.ts';

export type { PlateAnswer, PlateProvider } from './plate-provider.ts';
export { PlateProviderError } from './plate-provider.ts';

/** The configured plate provider (PLATE_PROVIDER). */
export function createPlateProvider(
  config: Pick<Config, 'PLATE_PROVIDER' | 'PLATE_API_KEY' | 'PLATE_API_BASE'>,
): PlateProvider {
  if (config.PLATE_PROVIDER === 'carsxe') {
    return createCarsxePlateProvider({
      apiKey: config.PLATE_API_KEY!,
      baseUrl: config.PLATE_API_BASE,
    });
  }
  return createSandboxPlateProvider();
}

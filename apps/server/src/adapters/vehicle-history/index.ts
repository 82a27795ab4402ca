import type { Config } from '../../config.ts';
import { createSandboxVehicleHistory } from './sandbox-vehicle-history.ts';
import type { VehicleHistoryProvider } from './vehicle-history.ts';
import { createVinauditVehicleHistory } from './vinaudit-vehicle-history.ts';

export type * from './vehicle-history.ts';
export { SANDBOX_REPORT_MARK, VehicleHistoryError } from './vehicle-history.ts';

/** The configured vehicle history provider (REPORT_PROVIDER). */
export function createVehicleHistoryProvider(
  config: Pick<
    Config,
    | 'REPORT_PROVIDER'
    | 'REPORT_API_KEY'
    | 'REPORT_API_USER'
    | 'REPORT_API_PASS'
    | 'REPORT_API_BASE'
    | 'REPORT_TIMEOUT_MS'
  >,
): VehicleHistoryProvider {
  if (config.REPORT_PROVIDER === 'vinaudit') {
    return createVinauditVehicleHistory({
      apiKey: config.REPORT_API_KEY!,
      user: config.REPORT_API_USER!,
      pass: config.REPORT_API_PASS!,
      baseUrl: config.REPORT_API_BASE,
      timeoutMs: config.REPORT_TIMEOUT_MS,
    });
  }
  return createSandboxVehicleHistory();
}
export { outsideNmvtisMaintenance } from './nmvtis-maintenance.ts';

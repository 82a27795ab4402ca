import { setTimeout as delay } from 'node:timers/promises';
import { generateSandboxHistory } from './generated-history.ts';
import { SANDBOX_FAILURE_MESSAGE, SANDBOX_HISTORIES } from './sandbox-histories.ts';
import { VehicleHistoryError, type VehicleHistoryProvider } from './vehicle-history.ts';

/** How long the slow demo VIN's report takes: long enough to watch an order wait for it. */
export const SANDBOX_SLOW_REPORT_MS = 8000;

/** The provider name sandbox reports print. */
export const SANDBOX_PROVIDER_NAME = 'Sandbox (sample data)';

/**
 * The demo VINs of SANDBOX_HISTORIES, and for every other VIN a history generated from the VIN
 * itself, so any decodable VIN can be demonstrated. `today` bounds the generated dates.
 */
export function createSandboxVehicleHistory(
  options: { slowMs?: number; today?: () => Date } = {},
): VehicleHistoryProvider {
  const slowMs = options.slowMs ?? SANDBOX_SLOW_REPORT_MS;
  const today = options.today ?? (() => new Date());
  const demo = (vin: string) => SANDBOX_HISTORIES.find((h) => h.vin === vin);

  function failIfFailing(vin: string): void {
    if (demo(vin)?.story === 'failing')
      throw new VehicleHistoryError(SANDBOX_FAILURE_MESSAGE, true);
  }

  return {
    name: 'sandbox',
    sandbox: true,
    async hasRecords(vin) {
      failIfFailing(vin);
      return demo(vin)?.story !== 'no-records';
    },
    async pullReport(vin, _reportId, signal) {
      failIfFailing(vin);
      const entry = demo(vin);
      if (entry?.story === 'slow') {
        try {
          await delay(slowMs, undefined, { signal });
        } catch {
          throw new VehicleHistoryError('The history provider did not answer in time.', true);
        }
      }
      // A copy, so a caller that sorts or annotates records cannot change the demo table.
      return {
        vin,
        provider: SANDBOX_PROVIDER_NAME,
        sandbox: true,
        records: entry?.records
          ? structuredClone([...entry.records])
          : generateSandboxHistory(vin, today()),
      };
    },
  };
}

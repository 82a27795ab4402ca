import { createSandboxRecallsProvider } from '../../adapters/recalls/sandbox-recalls-provider.ts';
import { vehicleRecalls } from '../../adapters/recalls/vehicle-recalls.ts';
import { SANDBOX_HISTORIES } from '../../adapters/vehicle-history/sandbox-histories.ts';
import { createSandboxVehicleHistory } from '../../adapters/vehicle-history/sandbox-vehicle-history.ts';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import { recallVehicle, type RenderReport } from './report-generation.service.ts';

/** The sandbox's salvage-then-rebuilt vehicle: a sample with red flags, recalls and a chart. */
const SAMPLE_REPORT_VIN = SANDBOX_HISTORIES.find((h) => h.story === 'salvage-rebuilt')!.vin;

export type SampleReport = ReturnType<typeof createSampleReport>;

/**
 * The landing page's sample report (docs/reports.md#the-sample-report): a real report of the
 * demo vehicle, laid out by the same renderer as every order's, from the sandbox's records and
 * recalls whatever REPORT_PROVIDER is, so every page says SANDBOX SAMPLE. Rendered on the first
 * request of the instance and then served from memory.
 */
export function createSampleReport(deps: {
  decoder: Pick<VinDecoder, 'decode'>;
  render: RenderReport;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const history = createSandboxVehicleHistory({ today: now });
  const recalls = createSandboxRecallsProvider();
  let rendered: Promise<Buffer> | null = null;

  async function render(): Promise<Buffer> {
    const vin = SAMPLE_REPORT_VIN;
    const decoded = await deps.decoder.decode(vin);
    const signal = AbortSignal.timeout(30_000);
    return deps.render({
      order: { id: 'sample', createdAt: now() },
      vin,
      decoded,
      history: await history.pullReport(vin, 'sample', signal),
      recalls: await vehicleRecalls(recalls, recallVehicle(decoded), signal),
    });
  }

  return {
    sampleReportPdf(): Promise<Buffer> {
      // A failed render is not kept: the next request tries again.
      rendered ??= render().catch((err: unknown) => {
        rendered = null;
        throw err;
      });
      return rendered;
    },
  };
}

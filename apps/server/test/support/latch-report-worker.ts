// A report worker module whose renders wait for the test (render-pool.test.ts): each render
// counts itself started in the shared cells, then blocks its thread until the test opens the
// latch, then lays the report out for real.
import { workerData } from 'node:worker_threads';
import { workerTasks } from '../../src/lib/worker-entry.ts';
import {
  renderReportPdf,
  type ReportInput,
} from '../../src/modules/reports/render/render-report-pdf.ts';

/** Cell STARTED counts renders begun; cell OPEN turns 1 when the test releases them. */
export const STARTED = 0;
export const OPEN = 1;

const cells = new Int32Array(workerData as SharedArrayBuffer);

function renderReport(input: ReportInput): Promise<Buffer> {
  Atomics.add(cells, STARTED, 1);
  Atomics.notify(cells, STARTED);
  Atomics.wait(cells, OPEN, 0);
  return renderReportPdf(input);
}

export default workerTasks({ renderReport });

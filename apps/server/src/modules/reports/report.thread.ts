// The report module's worker thread (report-work.ts runs it in a pool): the CPU-bound parts.
import { setPriority } from 'node:os';
import { HttpError } from '../../http/errors.ts';
import { workerTasks } from '../../lib/worker-entry.ts';
import { renderReportPdf, type ReportInput } from './render/render-report-pdf.ts';
import { checkReportPdf } from './report-pdf.ts';

/**
 * How far below the process a render thread is scheduled. On Linux the nice value belongs to
 * each thread (setpriority(2) with pid 0 sets the caller's), so when a render and the thread
 * answering HTTP want the same core, HTTP gets it: the web never waits for the work.
 */
const RENDER_THREAD_NICE = 10;

try {
  setPriority(RENDER_THREAD_NICE);
} catch {
  // Not permitted here: the thread keeps the process's priority, as before.
}

/** A check's outcome; the refusal crosses the thread as data, as an HttpError cannot. */
export type PdfCheck = { size: number } | { status: number; message: string };

function renderReport(input: ReportInput): Promise<Buffer> {
  return renderReportPdf(input);
}

async function checkPdf(input: { file: string; maxMb: number }): Promise<PdfCheck> {
  try {
    return { size: await checkReportPdf(input.file, input.maxMb) };
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, message: err.message };
    throw err;
  }
}

export default workerTasks({ renderReport, checkPdf });

import { access } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HttpError } from '../../http/errors.ts';
import { createCpuPool, type CpuPool } from '../../lib/cpu-pool.ts';
import { workerEntry } from '../../lib/worker-entry.ts';
import { renderReportPdf, type ReportInput } from './render/render-report-pdf.ts';
import { checkReportPdf } from './report-pdf.ts';
import type { PdfCheck } from './report.thread.ts';

/** The CPU-bound work of reports: laying one out, and inspecting an uploaded one. */
export interface ReportWork {
  render(input: ReportInput): Promise<Buffer>;
  /** Accepts a PDF by its content (report-pdf.ts); answers its size. */
  checkPdf(file: string, maxMb: number): Promise<number>;
}

/** The pool of threads report work runs in (report.thread.ts), RENDER_THREADS of them. */
export function createReportPool(threads: number): CpuPool {
  // A thread starts with the nice value of the thread that starts it, and libuv starts its pool
  // (files, crypto, DNS) with its first task: give it one from here, so that no render thread
  // (report.thread.ts lowers its own priority) is the one to start it.
  access(fileURLToPath(import.meta.url), () => undefined);
  return createCpuPool({ entry: workerEntry('report.thread', import.meta.url), threads });
}

/** Report work in `pool`'s threads; the event loop only waits for it. */
export function pooledReportWork(pool: CpuPool): ReportWork {
  return {
    async render(input) {
      // A Buffer crosses the thread as a plain Uint8Array, over the same memory.
      const bytes = await pool.run<Uint8Array>('renderReport', input);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async checkPdf(file, maxMb) {
      const check = await pool.run<PdfCheck>('checkPdf', { file, maxMb });
      if ('status' in check) throw new HttpError(check.status, check.message);
      return check.size;
    },
  };
}

/** Report work on the caller's thread: for the CLI, which answers no one meanwhile. */
export const inlineReportWork: ReportWork = { render: renderReportPdf, checkPdf: checkReportPdf };

/**
 * Report attempts one process runs at once, per render thread: an attempt mostly waits for the
 * providers, so several overlap, while the pool starts no more renders than it has threads
 * (and its queue, CPU_QUEUE_PER_THREAD per thread, holds the rest of them).
 */
export const REPORT_JOBS_PER_THREAD = 8;

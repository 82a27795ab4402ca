import { randomUUID } from 'node:crypto';
import { rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { VpicResult } from '@vr/contracts';
import {
  RecallsProviderError,
  vehicleRecalls,
  type RecallList,
  type RecallsProvider,
} from '../../adapters/recalls/index.ts';
import type { ReportStorage } from '../../adapters/report-storage/index.ts';
import {
  outsideNmvtisMaintenance,
  VehicleHistoryError,
  type VehicleHistory,
  type VehicleHistoryProvider,
} from '../../adapters/vehicle-history/index.ts';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import type { JobSender, Jobs } from '../../jobs/job-queue.ts';
import {
  findOrder,
  lockOrder,
  REFUND_REASONS,
  type OrderLifecycle,
  type ReportOrderRow,
} from '../orders/index.ts';
import type { ReportInputs } from './render/report-view.ts';
import { saveReportInputs } from './reports.repo.ts';
import { orderCompletion, reportGenerations } from '../../lib/metrics.ts';

/** Everything a report is made of, gathered before it is rendered. */
export interface ReportContent {
  order: { id: string; createdAt: Date };
  vin: string;
  decoded: VpicResult;
  history: VehicleHistory;
  recalls: RecallList;
}

/** Lays a report out as a PDF (the reports module's renderer). */
export type RenderReport = (content: ReportContent) => Promise<Buffer>;

export interface ReportGenerationDeps {
  db: Db;
  storage: ReportStorage;
  /** The queue the next attempt goes on. */
  jobs: JobSender;
  /** Moves the order: Processing, Completed, a failed attempt, Refunded (the orders module). */
  lifecycle: Pick<
    OrderLifecycle,
    'startProcessing' | 'complete' | 'recordFailedAttempt' | 'refundAndMailCustomer'
  >;
  decoder: Pick<VinDecoder, 'decode'>;
  history: VehicleHistoryProvider;
  recalls: RecallsProvider;
  render: RenderReport;
  /** Where a rendered PDF waits while it is stored. */
  tmpDir: string;
  /** REPORT_JOB_TIMEOUT_SECONDS: one attempt is cut after this. */
  attemptTimeoutMs: number;
  /** REPORT_RETRY_HOURS: provider failures are retried this long after the order. */
  retryHours: number;
  /** REPORT_RETRY_FIRST_SECONDS: the first pause; each next one doubles, up to 30 minutes. */
  retryFirstSeconds: number;
  now?: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const LONGEST_PAUSE_SECONDS = 30 * 60;

/** The key of an order's generated report: a retried attempt overwrites its own file. */
export const generatedReportKey = (orderId: string) => `${orderId}/generated.pdf`;

/** What a recall list is asked by, from the decode. */
export const recallVehicle = (decoded: VpicResult) => ({
  make: decoded.Make,
  model: decoded.Model,
  series: decoded.Series,
  modelYear: decoded.ModelYear,
});

/** A failure of an outside source: retried (or refunded), unlike a bug, which fails the job. */
export class ReportSourceFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export type ReportGenerationService = ReturnType<typeof createReportGenerationService>;

/**
 * Makes the reports of orders (docs/decisions/0014-report-generation.md): one job is one
 * attempt. Jobs run at least once and may run at once on two instances, so every step is
 * idempotent: the provider bills a report id once, the PDF is stored under the order's own key,
 * and the order is completed (and mailed) only by the attempt that finds it still open, with
 * the row locked. No network call happens while the row is locked.
 */
export function createReportGenerationService(deps: ReportGenerationDeps) {
  const { db, storage, jobs, lifecycle, log } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Decode, history and recalls of `vin`, then the PDF, with the inputs it was made of (kept for
   * the web view); outside failures as ReportSourceFailure.
   */
  async function gatherAndRender(
    order: ReportContent['order'],
    vin: string,
    signal: AbortSignal,
  ): Promise<{ pdf: Buffer; inputs: ReportInputs }> {
    let content: ReportContent;
    let inputs: ReportInputs;
    try {
      const decoded = await deps.decoder.decode(vin);
      const decodedAt = now().toISOString();
      const history = await deps.history.pullReport(vin, order.id, signal);
      const historyAt = now().toISOString();
      const recalls = await vehicleRecalls(deps.recalls, recallVehicle(decoded), signal);
      content = { order, vin, decoded, history, recalls };
      inputs = {
        decoded,
        history,
        recalls,
        gathered: { decodedAt, historyAt, recallsAt: now().toISOString() },
      };
    } catch (err) {
      if (err instanceof VehicleHistoryError)
        throw new ReportSourceFailure(err.message, err.retryable);
      if (err instanceof RecallsProviderError) {
        throw new ReportSourceFailure(`Recalls: ${err.message}`, true);
      }
      if (signal.aborted)
        throw new ReportSourceFailure('The report took too long; tried again.', true);
      throw err;
    }
    return { pdf: await deps.render(content), inputs };
  }

  async function store(key: string, pdf: Buffer): Promise<void> {
    await mkdir(deps.tmpDir, { recursive: true });
    const file = join(deps.tmpDir, `${randomUUID()}.pdf`);
    try {
      await writeFile(file, pdf);
      await storage.put(key, file);
    } finally {
      await rm(file, { force: true });
    }
  }

  /**
   * When the next try goes, doubling from the first pause; outside NMVTIS's maintenance unless
   * the data is the sandbox's, which has no such window.
   */
  function nextTryAt(attempts: number, at: Date): Date {
    const pause = Math.min(deps.retryFirstSeconds * 2 ** (attempts - 1), LONGEST_PAUSE_SECONDS);
    const next = new Date(at.getTime() + pause * 1000);
    return deps.history.sandbox ? next : outsideNmvtisMaintenance(next);
  }

  /**
   * Completes the order with the stored report and queues the customer's mail, unless the order
   * is no longer open: an uploaded report wins, a refunded order stays refunded. A regenerated
   * report overwrote the generated file in place and mails nobody.
   */
  async function completeWithGeneratedReport(
    orderId: string,
    key: string,
    inputs: ReportInputs,
  ): Promise<void> {
    const outcome = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order || order.status === 'Refunded') return 'discard';
      const at = now();
      if (order.status === 'Completed') {
        if (order.reportKey !== key) return 'discard';
        await saveReportInputs(tx, { orderId, reportKey: key, inputs, generatedAt: at });
        return 'kept';
      }
      await lifecycle.complete(tx, order, { key, source: 'generated' }, at);
      await saveReportInputs(tx, { orderId, reportKey: key, inputs, generatedAt: at });
      return { ordered: order.createdAt };
    });
    if (outcome === 'discard') {
      await storage
        .delete(key)
        .catch((err: unknown) => log.warn({ err, key }, 'unused generated report kept'));
    }
    if (typeof outcome === 'object') {
      reportGenerations.inc({ outcome: 'completed', cause: 'none' });
      orderCompletion.observe(
        { source: 'generated' },
        (now().getTime() - outcome.ordered.getTime()) / 1000,
      );
      log.info({ orderId }, 'report generated; order Completed');
    }
  }

  /**
   * Records a failed attempt and queues the next one, or refunds: at once when the provider says
   * the report cannot be made, or when the next try would come after REPORT_RETRY_HOURS. Only
   * the run that read the attempts count it saw changes anything, so two runs of one order
   * cannot start two chains of retries.
   */
  async function recordFailureRetryOrRefund(
    seen: ReportOrderRow,
    failure: ReportSourceFailure,
  ): Promise<void> {
    const at = now();
    const outcome = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, seen.id);
      if (!order || order.status === 'Refunded') return null;
      if (order.generationAttempts !== seen.generationAttempts) return null;
      const attempts = order.generationAttempts + 1;
      if (order.status === 'Completed') {
        // A regeneration failed: the report the customer has stays.
        await lifecycle.recordFailedAttempt(
          tx,
          order.id,
          { attempts, lastError: failure.message, nextAt: null },
          at,
        );
        return { outcome: 'regeneration_failed', cause: 'provider_unavailable' };
      }
      const nextAt = nextTryAt(attempts, at);
      const deadline = order.createdAt.getTime() + deps.retryHours * 3_600_000;
      if (failure.retryable && nextAt.getTime() <= deadline) {
        await lifecycle.recordFailedAttempt(
          tx,
          order.id,
          { attempts, lastError: failure.message, nextAt },
          at,
        );
        await jobs.enqueue(
          tx,
          'report-generation',
          { orderId: order.id, retry: attempts },
          { startAfter: nextAt },
        );
        return { outcome: 'retry', cause: 'provider_unavailable' };
      }
      await lifecycle.recordFailedAttempt(
        tx,
        order.id,
        { attempts, lastError: failure.message, nextAt: null },
        at,
      );
      const reason = failure.retryable
        ? REFUND_REASONS.providerUnavailable(deps.retryHours)
        : REFUND_REASONS.providerRefused(failure.message);
      await lifecycle.refundAndMailCustomer(tx, order, reason, at);
      log.info({ orderId: order.id, reason: failure.message }, 'report not generated; refunded');
      return {
        outcome: 'refunded',
        cause: failure.retryable ? 'retries_exhausted' : 'provider_refused',
      };
    });
    if (outcome) reportGenerations.inc(outcome);
  }

  return {
    /** One attempt at an order's report (the `report-generation` job). */
    async generateOrderReport({
      orderId,
      regenerate,
      retry,
    }: Jobs['report-generation']): Promise<void> {
      const order = await findOrder(db, orderId);
      if (!order || order.status === 'Refunded') return;
      // A retry queued before an admin's Regenerate made another attempt is not needed: that
      // attempt queued its own, so there is one chain of retries per order.
      if (retry !== undefined && retry !== order.generationAttempts) return;
      if (order.status === 'Completed') {
        // Only an admin's Regenerate redoes a report, and never over an uploaded one.
        if (!regenerate || order.reportSource !== 'generated') return;
      }
      await lifecycle.startProcessing(db, orderId);
      const key = generatedReportKey(orderId);
      const signal = AbortSignal.timeout(deps.attemptTimeoutMs);
      let inputs: ReportInputs;
      try {
        const made = await gatherAndRender(order, order.vin, signal);
        await store(key, made.pdf);
        inputs = made.inputs;
      } catch (err) {
        if (!(err instanceof ReportSourceFailure)) throw err;
        log.warn({ orderId, err: err.message }, 'report attempt failed');
        await recordFailureRetryOrRefund(order, err);
        return;
      }
      await completeWithGeneratedReport(orderId, key, inputs);
    },

    /**
     * The full report of a VIN without an order (the admin's tryout): nobody is charged and
     * nothing is stored. Rejects with the source's message when it cannot be made now.
     */
    async renderReportForVin(vin: string): Promise<Buffer> {
      const order = { id: `tryout-${randomUUID()}`, createdAt: now() };
      const made = await gatherAndRender(order, vin, AbortSignal.timeout(deps.attemptTimeoutMs));
      return made.pdf;
    },
  };
}

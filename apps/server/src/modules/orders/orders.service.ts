import { randomUUID } from 'node:crypto';
import {
  ORDER_MESSAGES,
  REPEAT_ORDER_WINDOW_DAYS,
  REPORT_PREVIEW_MESSAGES,
  type CustomerProblem,
  type ReportPreview,
  REPORT_COST_CREDITS,
  UNKNOWN_VEHICLE,
  isOrderableVin,
  normalizeVin,
  orderProgressText,
  vehicleLabel,
} from '@vr/contracts';
import type { VehicleHistoryProvider } from '../../adapters/vehicle-history/index.ts';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { ExistingOrderError, HttpError } from '../../http/errors.ts';
import { InsufficientCreditsError, spend } from '../credits/index.ts';
import { orderReceivedMail, type OrderMailContext } from './orders.mails.ts';
import { hasReadableReport } from './readable-report.ts';
import { createPrecheckBudgets } from './precheck-budgets.ts';
import {
  findBalanceAndRecentOrderForVin,
  findOrderByIdempotencyKey,
  findRecentOrderForVin,
  insertOrder,
  listOrdersOfUser,
  type ReportOrderRow,
} from './orders.repo.ts';

export interface OrdersDeps {
  db: Db;
  decoder: Pick<VinDecoder, 'decode'>;
  jobs: JobSender;
  mail: OrderMailContext;
  slaHours: number;
  /** Its free question says whether a VIN has records at all (nothing to order without). */
  history: Pick<VehicleHistoryProvider, 'hasRecords'>;
  /** How long the free question may take before the order goes ahead without its answer. */
  historyTimeoutMs: number;
  /** REPORT_PREVIEWS_PER_USER_HOUR, counted in the database (docs/limits.md). */
  previewsPerUserHour: number;
  /** REPORT_PRECHECKS_PER_HOUR: the service's free provider questions an hour (docs/limits.md). */
  prechecksPerHour: number;
  /**
   * A fresh signed link to a Completed order's PDF. The reports module signs and checks these
   * links (reports/report-links.ts); it is passed in, so orders does not import reports, which
   * imports the orders it completes.
   */
  reportLinkFor(order: { id: string; userId: string }): string;
  /** The latest reported problem of each of a customer's orders (the problems module). */
  problemsOf(userId: string): Promise<Map<string, CustomerProblem>>;
  /**
   * Watches a new order's vehicle for recalls, in the order's transaction (the recall-watch
   * module, which reads the orders it watches).
   */
  watchOrderedVehicle(tx: Tx, order: ReportOrderRow): Promise<void>;
}

/** Characters kept of a client's vehicle text (docs/limits.md, "Report orders"). */
const VEHICLE_TEXT_MAX = 80;

/**
 * A client's vehicle text as plain text for mails and the admin panel: tag-like runs and any
 * other angle bracket dropped, control, format and unassigned characters and line breaks turned
 * into spaces, white space collapsed, at most VEHICLE_TEXT_MAX characters.
 */
function plainVehicleText(given: string): string {
  const text = given
    .replace(/<[^<>]*>/g, ' ')
    .replace(/[<>]/g, '')
    .replace(/[\p{C}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, VEHICLE_TEXT_MAX).join('').trim();
}

/** The caller's order that a new one of the same VIN would repeat, answered instead of charging. */
type EarlierOrder = { existing: ReportOrderRow; message: string };

/** Since when a Completed order of the VIN is one a new order would repeat. */
const repeatWindowStart = () => new Date(Date.now() - REPEAT_ORDER_WINDOW_DAYS * 86_400_000);

/**
 * The earlier order a new one would repeat: an open order of the VIN, or one Completed in the
 * last REPEAT_ORDER_WINDOW_DAYS days unless the customer asks for a fresh report
 * (docs/product-rules.md); `recent` is findRecentOrderForVin's answer.
 */
function earlierOrder(
  recent: ReportOrderRow | undefined,
  fresh: boolean | undefined,
): EarlierOrder | undefined {
  if (!recent || (recent.status === 'Completed' && fresh)) return undefined;
  const message =
    recent.status === 'Completed'
      ? ORDER_MESSAGES.alreadyCompleted(REPEAT_ORDER_WINDOW_DAYS)
      : ORDER_MESSAGES.alreadyOpen;
  return { existing: recent, message };
}

async function orderNotToRepeat(
  executor: DbOrTx,
  userId: string,
  vin: string,
  fresh: boolean | undefined,
): Promise<EarlierOrder | undefined> {
  return earlierOrder(
    await findRecentOrderForVin(executor, userId, vin, repeatWindowStart()),
    fresh,
  );
}

/** Rolls the spend back: an order of the VIN was placed while this one waited for the balance. */
class OrderedMeanwhile extends Error {
  constructor(readonly earlier: EarlierOrder) {
    super('an order of this VIN was placed meanwhile');
  }
}

export type OrdersService = ReturnType<typeof createOrdersService>;

/** A customer's report orders: ordering one for a credit, and the list with report links. */
export function createOrdersService(deps: OrdersDeps) {
  const { db, decoder, jobs, mail, slaHours, reportLinkFor } = deps;
  const budgets = createPrecheckBudgets({
    db,
    perUserHour: deps.previewsPerUserHour,
    servicePerHour: deps.prechecksPerHour,
  });

  /**
   * False only when the provider answers that it has no records. When it cannot answer now the
   * order goes ahead: the generation retries, and refunds if the report cannot be made.
   */
  async function mayHaveRecords(vin: string): Promise<boolean> {
    return deps.history
      .hasRecords(vin, AbortSignal.timeout(deps.historyTimeoutMs))
      .catch(() => true);
  }

  /** The server names the vehicle from its decode; the client's text only when that has none. */
  async function vehicleFor(vin: string, given: string | undefined) {
    const result = await decoder.decode(vin).catch(() => null);
    const decoded = vehicleLabel({
      year: result?.ModelYear,
      make: result?.Make,
      model: result?.Model,
    });
    if (decoded !== UNKNOWN_VEHICLE) return decoded;
    return plainVehicleText(given ?? '') || decoded;
  }

  function orderView(row: ReportOrderRow, problem: CustomerProblem | null) {
    return {
      id: row.id,
      vin: row.vin,
      vehicle: row.vehicle,
      createdAt: row.createdAt.toISOString(),
      status: row.status,
      reportUrl: hasReadableReport(row) ? reportLinkFor(row) : null,
      progress: orderProgressText({
        status: row.status,
        nextAttemptAt: row.generationNextAt?.toISOString() ?? null,
      }),
      problem,
    };
  }

  return {
    /**
     * Orders a report (docs/orders-api.md): spends one credit, creates the order and queues its
     * mail and its generation in one transaction. With an Idempotency-Key, a repeat of the same
     * request returns the first order. The caller's open order of the VIN, or one Completed in
     * the last REPEAT_ORDER_WINDOW_DAYS days (unless `fresh`), is thrown as ExistingOrderError
     * naming it, with nothing charged; a VIN the provider has no records for is refused.
     */
    async spendCreditAndOrderReport(input: {
      userId: string;
      email: string;
      vin: string;
      vehicle?: string;
      idempotencyKey?: string;
      fresh?: boolean;
    }): Promise<{ order: ReportOrderRow; created: boolean }> {
      const vin = normalizeVin(input.vin);
      if (!isOrderableVin(vin)) throw new HttpError(400, ORDER_MESSAGES.invalidVin);
      const key = input.idempotencyKey;
      // A retry of the same request (same key) gets its order, however far the first one got.
      const firstOfSameKey = async () =>
        key ? await findOrderByIdempotencyKey(db, input.userId, key) : undefined;
      const replayed = await firstOfSameKey();
      if (replayed) return { order: replayed, created: false };
      // The balance first: without credit nothing else is asked, of the provider or of vPIC.
      // The spend in the transaction below stays the authority. The earlier order of the VIN
      // comes with it, in the same round trip.
      const before = await findBalanceAndRecentOrderForVin(
        db,
        input.userId,
        vin,
        repeatWindowStart(),
      );
      if (before.balance < REPORT_COST_CREDITS) {
        await budgets.orderRefused(input.userId);
        throw new HttpError(402, ORDER_MESSAGES.insufficientCredits);
      }
      const earlier = earlierOrder(before.recent, input.fresh);
      if (earlier) {
        // The earlier order may be this request's own, made by a concurrent copy of it.
        const same = await firstOfSameKey();
        if (same) return { order: same, created: false };
        await budgets.orderRefused(input.userId);
        throw new ExistingOrderError(earlier.message, earlier.existing.id);
      }
      // Beyond the service's hourly budget of free questions the order goes ahead unasked: the
      // generation refunds a report that cannot be made.
      const prechecked = await budgets.takeOrderPrecheck();
      if (prechecked && !(await mayHaveRecords(vin))) {
        await budgets.orderRefused(input.userId);
        throw new HttpError(422, ORDER_MESSAGES.noRecords);
      }
      const vehicle = await vehicleFor(vin, input.vehicle);
      const createdAt = new Date();
      const id = randomUUID();
      let order: ReportOrderRow;
      try {
        order = await db.transaction(async (tx) => {
          await spend(tx, { userId: input.userId, credits: REPORT_COST_CREDITS, reference: id });
          // spend locked the customer's balance, so a concurrent order of the same VIN has
          // committed by now or waits for this one: asked again, the answer holds.
          const meanwhile = await orderNotToRepeat(tx, input.userId, vin, input.fresh);
          if (meanwhile) throw new OrderedMeanwhile(meanwhile);
          const created = await insertOrder(tx, {
            id,
            userId: input.userId,
            vin,
            vehicle,
            status: 'Pending',
            idempotencyKey: key ?? null,
            dueAt: new Date(createdAt.getTime() + slaHours * 3_600_000),
            createdAt,
            updatedAt: createdAt,
          });
          await enqueueMail(jobs, tx, orderReceivedMail(mail, input.email, created, slaHours));
          await deps.watchOrderedVehicle(tx, created);
          await jobs.enqueue(tx, 'report-generation', { orderId: id });
          return created;
        });
      } catch (err) {
        if (err instanceof OrderedMeanwhile) {
          const same = await firstOfSameKey();
          if (same) return { order: same, created: false };
          await budgets.orderRefused(input.userId);
          throw new ExistingOrderError(err.earlier.message, err.earlier.existing.id);
        }
        // A concurrent request with the same key won the race (it may have spent the last credit
        // first, or taken the key): answer with its order.
        if (err instanceof InsufficientCreditsError || isUniqueViolation(err)) {
          const existing = await firstOfSameKey();
          if (existing) return { order: existing, created: false };
        }
        if (err instanceof InsufficientCreditsError) {
          await budgets.orderRefused(input.userId);
          throw new HttpError(402, ORDER_MESSAGES.insufficientCredits);
        }
        throw err;
      }
      await budgets.orderSpent(prechecked);
      return { order, created: true };
    },

    /**
     * What a report of `vin` can hold, before paying: the decoded vehicle and whether the
     * provider has records (its free question). Counted against the user's hourly budget, since
     * each one asks the provider; 502 when the provider cannot answer now.
     */
    async previewReport(userId: string, rawVin: string): Promise<ReportPreview> {
      const vin = normalizeVin(rawVin);
      if (!isOrderableVin(vin)) throw new HttpError(400, ORDER_MESSAGES.invalidVin);
      await budgets.takePreview(userId);
      const vehicle = await vehicleFor(vin, undefined);
      const hasRecords = await deps.history
        .hasRecords(vin, AbortSignal.timeout(deps.historyTimeoutMs))
        .catch(() => {
          throw new HttpError(502, ORDER_MESSAGES.previewUnavailable);
        });
      const message = hasRecords
        ? REPORT_PREVIEW_MESSAGES.records
        : REPORT_PREVIEW_MESSAGES.noRecords;
      const earlier = (await orderNotToRepeat(db, userId, vin, false))?.existing;
      const existing = earlier
        ? {
            orderId: earlier.id,
            status: earlier.status,
            message:
              earlier.status === 'Completed'
                ? REPORT_PREVIEW_MESSAGES.existingCompleted(REPEAT_ORDER_WINDOW_DAYS)
                : REPORT_PREVIEW_MESSAGES.existingOpen,
          }
        : null;
      return { vin, vehicle, hasRecords, message, existing };
    },

    /** The caller's orders, newest first, with a fresh signed report link on Completed ones. */
    async listOrdersWithReportLinks(userId: string) {
      const [rows, problems] = await Promise.all([
        listOrdersOfUser(db, userId),
        deps.problemsOf(userId),
      ]);
      return rows.map((row) => orderView(row, problems.get(row.id) ?? null));
    },
  };
}

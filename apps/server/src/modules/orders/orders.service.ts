import { randomUUID } from 'node:crypto';
import {
  ORDER_MESSAGES,
  REPORT_COST_CREDITS,
  isOrderableVin,
  normalizeVin,
  vehicleLabel,
} from '@vr/contracts';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { HttpError } from '../../lib/errors.ts';
import { InsufficientCreditsError, spend } from '../credits/credits.ledger.ts';
import type { ReportLinks } from '../reports/report-links.ts';
import { orderReceivedMail, type OrderMailContext } from './orders.mails.ts';
import {
  findOrderByIdempotencyKey,
  insertOrder,
  listOrdersOfUser,
  type ReportOrderRow,
} from './orders.repo.ts';

export interface OrdersDeps {
  db: Db;
  decoder: VinDecoder;
  jobs: JobSender;
  links: ReportLinks;
  mail: OrderMailContext;
  slaHours: number;
  now?: () => Date;
}

async function vehicleFor(deps: OrdersDeps, vin: string, given: string | undefined) {
  const text = given?.trim();
  if (text) return text.slice(0, 200);
  const result = await deps.decoder.decode(vin).catch(() => null);
  return vehicleLabel({ year: result?.ModelYear, make: result?.Make, model: result?.Model });
}

/**
 * Orders a report (docs/orders-api.md): spends one credit, creates the order and queues its
 * mail in one transaction. With an Idempotency-Key, a repeat of the same request returns the first order.
 */
export async function createOrder(
  deps: OrdersDeps,
  input: { userId: string; email: string; vin: string; vehicle?: string; idempotencyKey?: string },
): Promise<{ order: ReportOrderRow; created: boolean }> {
  const vin = normalizeVin(input.vin);
  if (!isOrderableVin(vin)) throw new HttpError(400, ORDER_MESSAGES.invalidVin);
  const { db } = deps;
  const key = input.idempotencyKey;
  if (key) {
    const existing = await findOrderByIdempotencyKey(db, input.userId, key);
    if (existing) return { order: existing, created: false };
  }
  const vehicle = await vehicleFor(deps, vin, input.vehicle);
  const now = deps.now?.() ?? new Date();
  const id = randomUUID();
  let order: ReportOrderRow;
  try {
    order = await db.transaction(async (tx) => {
      await spend(tx, { userId: input.userId, credits: REPORT_COST_CREDITS, reference: id });
      const created = await insertOrder(tx, {
        id,
        userId: input.userId,
        vin,
        vehicle,
        status: 'Pending',
        idempotencyKey: key ?? null,
        dueAt: new Date(now.getTime() + deps.slaHours * 3_600_000),
        createdAt: now,
        updatedAt: now,
      });
      await enqueueMail(
        deps.jobs,
        tx,
        orderReceivedMail(deps.mail, input.email, created, deps.slaHours),
      );
      return created;
    });
  } catch (err) {
    // A concurrent request with the same key won the race (it may have spent the last credit
    // first, or taken the key): answer with its order.
    if (key && (err instanceof InsufficientCreditsError || isUniqueViolation(err))) {
      const existing = await findOrderByIdempotencyKey(db, input.userId, key);
      if (existing) return { order: existing, created: false };
    }
    if (err instanceof InsufficientCreditsError) {
      throw new HttpError(402, ORDER_MESSAGES.insufficientCredits);
    }
    throw err;
  }
  return { order, created: true };
}

/** The caller's orders, newest first, with a fresh signed report link on Completed ones. */
export async function listMyOrders(deps: Pick<OrdersDeps, 'db' | 'links'>, userId: string) {
  const rows = await listOrdersOfUser(deps.db, userId);
  return rows.map((row) => orderView(deps.links, row));
}

export function orderView(links: ReportLinks, row: ReportOrderRow) {
  return {
    id: row.id,
    vin: row.vin,
    vehicle: row.vehicle,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    reportUrl: row.status === 'Completed' && row.reportKey ? links.urlFor(row) : null,
  };
}

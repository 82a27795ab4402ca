import { randomUUID } from 'node:crypto';
import {
  ORDER_MESSAGES,
  REPORT_COST_CREDITS,
  isOrderableVin,
  normalizeVin,
  vehicleLabel,
} from '@vr/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { VinDecoder } from '../../adapters/vin-decoder/vin-decoder.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import { authUsers, reportOrders } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { InsufficientCreditsError, spend, type Tx } from '../credits/credits.ledger.ts';
import type { ReportLinks } from '../reports/report-links.ts';
import { orderReceivedMail, type OrderMailContext } from './orders.mails.ts';

export type ReportOrderRow = typeof reportOrders.$inferSelect;

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

async function findByKey(db: Db, userId: string, key: string) {
  const rows = await db
    .select()
    .from(reportOrders)
    .where(and(eq(reportOrders.userId, userId), eq(reportOrders.idempotencyKey, key)));
  return rows[0];
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
    const existing = await findByKey(db, input.userId, key);
    if (existing) return { order: existing, created: false };
  }
  const vehicle = await vehicleFor(deps, vin, input.vehicle);
  const now = deps.now?.() ?? new Date();
  const id = randomUUID();
  let order: ReportOrderRow;
  try {
    order = await db.transaction(async (tx) => {
      await spend(db, { userId: input.userId, credits: REPORT_COST_CREDITS, reference: id }, tx);
      const rows = await tx
        .insert(reportOrders)
        .values({
          id,
          userId: input.userId,
          vin,
          vehicle,
          status: 'Pending',
          idempotencyKey: key ?? null,
          dueAt: new Date(now.getTime() + deps.slaHours * 3_600_000),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const created = rows[0]!;
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
      const existing = await findByKey(db, input.userId, key);
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
  const rows = await deps.db
    .select()
    .from(reportOrders)
    .where(eq(reportOrders.userId, userId))
    .orderBy(desc(reportOrders.createdAt), desc(reportOrders.id));
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

/** The e-mail of an order's customer, for the mails that follow it. */
export async function customerEmail(db: Db | Tx, userId: string): Promise<string | null> {
  const rows = await db
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return rows[0]?.email ?? null;
}

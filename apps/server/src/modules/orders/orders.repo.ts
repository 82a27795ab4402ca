import { OPEN_ORDER_STATUSES } from '@vr/contracts';
import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { authUsers, creditBalances, reportOrders } from '../../db/schema.ts';
import type { ReportSource } from '../../db/schema.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';

export type ReportOrderRow = typeof reportOrders.$inferSelect;
export type NewReportOrder = typeof reportOrders.$inferInsert;

export async function insertOrder(db: DbOrTx, order: NewReportOrder): Promise<ReportOrderRow> {
  const rows = await db.insert(reportOrders).values(order).returning();
  return rows[0]!;
}

export async function findOrder(db: DbOrTx, id: string): Promise<ReportOrderRow | undefined> {
  const rows = await db.select().from(reportOrders).where(eq(reportOrders.id, id));
  return rows[0];
}

/** Locks an order for a change of status or report. */
export async function lockOrder(tx: Tx, id: string): Promise<ReportOrderRow | undefined> {
  const rows = await tx.select().from(reportOrders).where(eq(reportOrders.id, id)).for('update');
  return rows[0];
}

export async function findOrderByIdempotencyKey(
  db: DbOrTx,
  userId: string,
  key: string,
): Promise<ReportOrderRow | undefined> {
  const rows = await db
    .select()
    .from(reportOrders)
    .where(and(eq(reportOrders.userId, userId), eq(reportOrders.idempotencyKey, key)));
  return rows[0];
}

/** The user's orders, newest first. */
export function listOrdersOfUser(db: DbOrTx, userId: string): Promise<ReportOrderRow[]> {
  return db
    .select()
    .from(reportOrders)
    .where(eq(reportOrders.userId, userId))
    .orderBy(desc(reportOrders.createdAt), desc(reportOrders.id));
}

/** The e-mail of an order's customer, for the mails that follow it. */
export async function findCustomerEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const rows = await db
    .select({ email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return rows[0]?.email ?? null;
}

/**
 * Locks the open order longest past its deadline, skipping rows another instance holds, so
 * instances refunding at once each take a different order.
 */
export async function lockNextOverdueOrder(tx: Tx, now: Date): Promise<ReportOrderRow | undefined> {
  const rows = await tx
    .select()
    .from(reportOrders)
    .where(and(inArray(reportOrders.status, [...OPEN_ORDER_STATUSES]), lt(reportOrders.dueAt, now)))
    .orderBy(asc(reportOrders.dueAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

export async function markOrderRefunded(
  db: DbOrTx,
  id: string,
  now: Date,
): Promise<ReportOrderRow> {
  const rows = await db
    .update(reportOrders)
    .set({ status: 'Refunded', refundedAt: now, updatedAt: now })
    .where(eq(reportOrders.id, id))
    .returning();
  return rows[0]!;
}

/**
 * Completes an order with its report; `completedAt` stays that of the first report. No further
 * generation attempt is waiting once a report is attached.
 */
export async function markOrderCompleted(
  db: DbOrTx,
  order: Pick<ReportOrderRow, 'id' | 'completedAt'>,
  report: { key: string; source: ReportSource },
  now: Date,
): Promise<ReportOrderRow> {
  const rows = await db
    .update(reportOrders)
    .set({
      status: 'Completed',
      reportKey: report.key,
      reportSource: report.source,
      completedAt: order.completedAt ?? now,
      generationNextAt: null,
      updatedAt: now,
    })
    .where(eq(reportOrders.id, order.id))
    .returning();
  return rows[0]!;
}

/**
 * Moves a Pending order to Processing; false when it is not Pending (or not there). The status
 * condition makes the move atomic against an upload or the SLA refund.
 */
export async function markPendingOrderProcessing(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .update(reportOrders)
    .set({ status: 'Processing', updatedAt: new Date() })
    .where(and(eq(reportOrders.id, id), eq(reportOrders.status, 'Pending')))
    .returning({ id: reportOrders.id });
  return rows.length > 0;
}

/** Records a failed generation attempt and when the next one is queued for (null: none). */
export async function recordGenerationFailure(
  db: DbOrTx,
  id: string,
  failure: { attempts: number; lastError: string; nextAt: Date | null },
  now: Date,
): Promise<void> {
  await db
    .update(reportOrders)
    .set({
      generationAttempts: failure.attempts,
      generationLastError: failure.lastError,
      generationNextAt: failure.nextAt,
      updatedAt: now,
    })
    .where(eq(reportOrders.id, id));
}

/** The customer's open orders of `vin` and those Completed since `completedSince`. */
const recentOrdersOfVin = (userId: string, vin: string, completedSince: Date) =>
  and(
    eq(reportOrders.userId, userId),
    eq(reportOrders.vin, vin),
    or(
      inArray(reportOrders.status, [...OPEN_ORDER_STATUSES]),
      and(eq(reportOrders.status, 'Completed'), gte(reportOrders.completedAt, completedSince)),
    ),
  );

/**
 * The customer's open order for `vin`, or one Completed since `completedSince`, newest first:
 * ordering the VIN again would pay twice (docs/orders-api.md).
 */
export async function findRecentOrderForVin(
  db: DbOrTx,
  userId: string,
  vin: string,
  completedSince: Date,
): Promise<ReportOrderRow | undefined> {
  const rows = await db
    .select()
    .from(reportOrders)
    .where(recentOrdersOfVin(userId, vin, completedSince))
    .orderBy(desc(reportOrders.createdAt))
    .limit(1);
  return rows[0];
}

/**
 * The customer's balance and findRecentOrderForVin in one round trip: what a new order is
 * checked against before any provider is asked.
 */
export async function findBalanceAndRecentOrderForVin(
  db: DbOrTx,
  userId: string,
  vin: string,
  completedSince: Date,
): Promise<{ balance: number; recent: ReportOrderRow | undefined }> {
  const balance = db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));
  const rows = await db
    .select({
      balance: sql<number>`coalesce((${balance}), 0)`.mapWith(Number),
      order: reportOrders,
    })
    .from(sql`(select 1) as "one"`)
    .leftJoin(reportOrders, recentOrdersOfVin(userId, vin, completedSince))
    .orderBy(desc(reportOrders.createdAt))
    .limit(1);
  return { balance: rows[0]?.balance ?? 0, recent: rows[0]?.order ?? undefined };
}

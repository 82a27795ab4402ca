import { and, eq, gt, sql } from 'drizzle-orm';
import { reportInputs, reportOrders, reportShares } from '../../db/schema.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import type { ReportInputs } from './render/report-view.ts';

/** Keeps what the report stored under `reportKey` was made of (a regeneration replaces it). */
export async function saveReportInputs(
  db: DbOrTx,
  row: { orderId: string; reportKey: string; inputs: ReportInputs; generatedAt: Date },
): Promise<void> {
  await db
    .insert(reportInputs)
    .values(row)
    .onConflictDoUpdate({
      target: reportInputs.orderId,
      set: { reportKey: row.reportKey, inputs: row.inputs, generatedAt: row.generatedAt },
    });
}

/** The inputs of the report stored under `reportKey`; none when another report replaced it. */
export async function findReportInputs(
  db: DbOrTx,
  orderId: string,
  reportKey: string,
): Promise<{ inputs: ReportInputs; generatedAt: Date } | undefined> {
  const [row] = await db
    .select({ inputs: reportInputs.inputs, generatedAt: reportInputs.generatedAt })
    .from(reportInputs)
    .where(and(eq(reportInputs.orderId, orderId), eq(reportInputs.reportKey, reportKey)));
  return row ? { inputs: row.inputs as ReportInputs, generatedAt: row.generatedAt } : undefined;
}

/** Makes (or replaces) the order's share link: a new token, a new expiry, no opens yet. */
export async function upsertShare(
  db: DbOrTx,
  share: { orderId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insert(reportShares)
    .values({ ...share, opens: 0 })
    .onConflictDoUpdate({
      target: reportShares.orderId,
      set: {
        tokenHash: share.tokenHash,
        expiresAt: share.expiresAt,
        opens: 0,
        createdAt: sql`now()`,
      },
    });
}

export async function deleteShare(db: DbOrTx, orderId: string): Promise<void> {
  await db.delete(reportShares).where(eq(reportShares.orderId, orderId));
}

export async function findShareOfOrder(db: DbOrTx, orderId: string) {
  const [row] = await db.select().from(reportShares).where(eq(reportShares.orderId, orderId));
  return row;
}

/** The Completed order a live (unexpired) share token hash opens, with its share. */
export async function findSharedOrder(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ order: reportOrders, share: reportShares })
    .from(reportShares)
    .innerJoin(reportOrders, eq(reportOrders.id, reportShares.orderId))
    .where(
      and(
        eq(reportShares.tokenHash, tokenHash),
        gt(reportShares.expiresAt, now),
        eq(reportOrders.status, 'Completed'),
      ),
    );
  return row;
}

export async function countShareOpen(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(reportShares)
    .set({ opens: sql`${reportShares.opens} + 1` })
    .where(eq(reportShares.orderId, orderId));
}

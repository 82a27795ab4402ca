import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { recallWatchEnd } from '@vr/contracts';
import type { RecallCampaign } from '../../adapters/recalls/index.ts';
import {
  recallAlerts,
  recallWatchCampaigns,
  recallWatchLease,
  recallWatches,
  reportInputs,
  reportOrders,
} from '../../db/schema.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';

export type RecallWatchRow = typeof recallWatches.$inferSelect;

/**
 * Watches the vehicle of a new order, in the order's transaction: a new watch for 3 years, or
 * the customer's watch of this VIN extended to 3 years from this order. A watch the customer
 * turned off stays off.
 */
export async function watchOrderedVehicle(
  tx: DbOrTx,
  order: { id: string; userId: string; vin: string; vehicle: string; createdAt: Date },
): Promise<void> {
  const watchUntil = recallWatchEnd(order.createdAt);
  await tx
    .insert(recallWatches)
    .values({
      id: order.id,
      userId: order.userId,
      vin: order.vin,
      vehicle: order.vehicle,
      orderId: order.id,
      watchUntil,
      createdAt: order.createdAt,
    })
    .onConflictDoUpdate({
      target: [recallWatches.userId, recallWatches.vin],
      set: {
        orderId: order.id,
        vehicle: order.vehicle,
        watchUntil: sql`greatest(${recallWatches.watchUntil}, excluded.watch_until)`,
      },
    });
}

/** The customer's watches, newest order first, with the campaigns found since each report. */
export async function watchesOf(db: DbOrTx, userId: string) {
  const watches = await db
    .select()
    .from(recallWatches)
    .where(eq(recallWatches.userId, userId))
    .orderBy(desc(recallWatches.createdAt), desc(recallWatches.id));
  const found =
    watches.length === 0
      ? []
      : await db
          .select({
            watchId: recallWatchCampaigns.watchId,
            campaign: recallWatchCampaigns.campaign,
            foundAt: recallWatchCampaigns.foundAt,
          })
          .from(recallWatchCampaigns)
          .where(
            and(
              inArray(
                recallWatchCampaigns.watchId,
                watches.map((w) => w.id),
              ),
              eq(recallWatchCampaigns.baseline, false),
            ),
          );
  return watches.map((watch) => ({
    watch,
    found: found
      .filter((f) => f.watchId === watch.id)
      .map((f) => ({ campaign: f.campaign as RecallCampaign, foundAt: f.foundAt })),
  }));
}

export async function watchById(db: DbOrTx, id: string): Promise<RecallWatchRow | null> {
  const [row] = await db.select().from(recallWatches).where(eq(recallWatches.id, id));
  return row ?? null;
}

/** Turns one of the customer's watches on or off; null when it is not theirs. */
export async function setWatching(
  db: DbOrTx,
  key: { userId: string; watchId: string },
  watching: boolean,
  at: Date,
): Promise<RecallWatchRow | null> {
  const [row] = await db
    .update(recallWatches)
    .set({ turnedOffAt: watching ? null : at })
    .where(and(eq(recallWatches.id, key.watchId), eq(recallWatches.userId, key.userId)))
    .returning();
  return row ?? null;
}

/** Turns off watches named by an unsubscribe link (one vehicle, or all of a customer's). */
export async function turnOffWatches(
  db: DbOrTx,
  target: { watchId: string } | { userId: string },
  at: Date,
): Promise<RecallWatchRow[]> {
  const which =
    'watchId' in target
      ? eq(recallWatches.id, target.watchId)
      : eq(recallWatches.userId, target.userId);
  await db
    .update(recallWatches)
    .set({ turnedOffAt: at })
    .where(and(which, isNull(recallWatches.turnedOffAt)));
  return db.select().from(recallWatches).where(which);
}

const watching = (now: Date) =>
  and(isNull(recallWatches.turnedOffAt), gt(recallWatches.watchUntil, now));

/** Watches on and not ended: what the metrics count. */
export async function countWatched(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recallWatches)
    .where(watching(now));
  return row?.n ?? 0;
}

/**
 * The watches a pass asks about, least recently checked first: on, not ended, and either with
 * their baseline recorded or with a Completed order of the VIN whose report can be it (an order
 * still open gets its recalls in the report; a refunded one was never delivered).
 */
export async function watchesToCheck(db: DbOrTx, now: Date) {
  const completedOrder = sql<string | null>`(
    select ${reportOrders.id} from ${reportOrders}
    where ${reportOrders.userId} = ${recallWatches.userId} and ${reportOrders.vin} = ${recallWatches.vin}
      and ${reportOrders.status} = 'Completed'
    order by ${reportOrders.completedAt} desc nulls last limit 1)`;
  const rows = await db
    .select({
      id: recallWatches.id,
      userId: recallWatches.userId,
      vin: recallWatches.vin,
      baselineAt: recallWatches.baselineAt,
      completedOrderId: completedOrder,
    })
    .from(recallWatches)
    .where(watching(now))
    .orderBy(sql`${recallWatches.checkedAt} asc nulls first`, asc(recallWatches.id));
  return rows.filter((r) => r.baselineAt !== null || r.completedOrderId !== null);
}

/** The recall list a generated report showed (report_inputs), or null (uploaded, older). */
export async function reportRecallsOf(
  db: DbOrTx,
  orderId: string,
): Promise<{ models: string[]; campaigns: RecallCampaign[] } | null> {
  const [row] = await db
    .select({ inputs: reportInputs.inputs })
    .from(reportInputs)
    .where(eq(reportInputs.orderId, orderId))
    .limit(1);
  const recalls = (row?.inputs as { recalls?: { models?: string[]; campaigns?: RecallCampaign[] } })
    ?.recalls;
  return recalls?.campaigns ? { models: recalls.models ?? [], campaigns: recalls.campaigns } : null;
}

/** Records campaigns of a watch; a campaign already recorded keeps its first row. */
export async function recordCampaigns(
  tx: DbOrTx,
  watchId: string,
  campaigns: readonly RecallCampaign[],
  kind: { baseline: boolean; at: Date },
): Promise<number> {
  if (campaigns.length === 0) return 0;
  const inserted = await tx
    .insert(recallWatchCampaigns)
    .values(
      campaigns.map((c) => ({
        watchId,
        campaignNumber: c.campaignNumber,
        campaign: c,
        baseline: kind.baseline,
        foundAt: kind.at,
        toldAt: kind.baseline ? kind.at : null,
      })),
    )
    .onConflictDoNothing()
    .returning({ n: recallWatchCampaigns.campaignNumber });
  return inserted.length;
}

export async function markBaselineAndChecked(
  tx: DbOrTx,
  watchId: string,
  at: Date,
  baseline: boolean,
): Promise<void> {
  await tx
    .update(recallWatches)
    .set(baseline ? { baselineAt: at, checkedAt: at } : { checkedAt: at })
    .where(eq(recallWatches.id, watchId));
}

/** Customers with campaigns found and not told yet on a watch still on. */
export async function customersToTell(db: DbOrTx, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: recallWatches.userId })
    .from(recallWatchCampaigns)
    .innerJoin(recallWatches, eq(recallWatches.id, recallWatchCampaigns.watchId))
    .where(and(isNull(recallWatchCampaigns.toldAt), watching(now)));
  return rows.map((r) => r.userId);
}

/**
 * Locks the customer's watches: two passes telling one customer at once take turns, so the
 * second sees the first's alert (one a day) and its told rows.
 */
export async function lockCustomerWatches(tx: Tx, userId: string): Promise<void> {
  await tx
    .select({ id: recallWatches.id })
    .from(recallWatches)
    .where(eq(recallWatches.userId, userId))
    .orderBy(asc(recallWatches.id))
    .for('update');
}

/** Whether the customer got an alert after `since`. */
export async function alertedSince(tx: DbOrTx, userId: string, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: recallAlerts.id })
    .from(recallAlerts)
    .where(and(eq(recallAlerts.userId, userId), gt(recallAlerts.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

/**
 * Marks every untold campaign of the customer's watches still on as told by `alertId`, and
 * returns them with their vehicles: only rows this call changed, so a repeat tells nothing.
 */
export async function tellUntold(tx: Tx, userId: string, alertId: string, now: Date) {
  const on = tx
    .select({ id: recallWatches.id })
    .from(recallWatches)
    .where(and(eq(recallWatches.userId, userId), watching(now)));
  const told = await tx
    .update(recallWatchCampaigns)
    .set({ toldAt: now, alertId })
    .where(and(isNull(recallWatchCampaigns.toldAt), inArray(recallWatchCampaigns.watchId, on)))
    .returning({ watchId: recallWatchCampaigns.watchId, campaign: recallWatchCampaigns.campaign });
  if (told.length === 0) return [];
  const watches = await tx
    .select()
    .from(recallWatches)
    .where(
      inArray(
        recallWatches.id,
        told.map((t) => t.watchId),
      ),
    );
  return watches.map((watch) => ({
    watch,
    campaigns: told.filter((t) => t.watchId === watch.id).map((t) => t.campaign as RecallCampaign),
  }));
}

export async function insertAlert(
  tx: DbOrTx,
  alert: { id: string; userId: string; campaigns: number; createdAt: Date },
): Promise<void> {
  await tx.insert(recallAlerts).values(alert);
}

/**
 * Takes the pass lease for `holder` until `until` when nobody holds it (or the holder's time
 * ran out); true when taken.
 */
export async function takeLease(
  db: DbOrTx,
  holder: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  await db
    .insert(recallWatchLease)
    .values({ id: 1, holder: null, heldUntil: new Date(0) })
    .onConflictDoNothing();
  const taken = await db
    .update(recallWatchLease)
    .set({ holder, heldUntil: until })
    .where(
      and(
        eq(recallWatchLease.id, 1),
        or(isNull(recallWatchLease.holder), lt(recallWatchLease.heldUntil, now)),
      ),
    )
    .returning({ id: recallWatchLease.id });
  return taken.length === 1;
}

/** Gives the lease back and records the pass's end. */
export async function releaseLease(db: DbOrTx, holder: string, at: Date): Promise<void> {
  await db
    .update(recallWatchLease)
    .set({ holder: null, heldUntil: at, lastPassAt: at })
    .where(and(eq(recallWatchLease.id, 1), eq(recallWatchLease.holder, holder)));
}

/** When the last pass ended, or null. */
export async function lastPassAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: recallWatchLease.lastPassAt })
    .from(recallWatchLease)
    .where(and(eq(recallWatchLease.id, 1), isNotNull(recallWatchLease.lastPassAt)));
  return row?.at ?? null;
}

import { UNFINISHED_PAYMENT_STATUSES, type PaymentIntentStatus } from '@vr/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  authUsers,
  paymentIntents,
  paymentMethods,
  profiles,
  webhookEvents,
} from '../../db/schema.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export type NewPaymentMethod = typeof paymentMethods.$inferInsert;
export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type NewPaymentIntent = typeof paymentIntents.$inferInsert;

// Payment methods (saved cards)

export async function insertPaymentMethod(
  db: DbOrTx,
  method: NewPaymentMethod,
): Promise<PaymentMethodRow> {
  const rows = await db.insert(paymentMethods).values(method).returning();
  return rows[0]!;
}

/** Records a card the gateway read back, unless it is recorded already. */
export async function insertPaymentMethodIfNew(db: DbOrTx, method: NewPaymentMethod) {
  await db.insert(paymentMethods).values(method).onConflictDoNothing();
}

export async function findOwnedPaymentMethod(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PaymentMethodRow | undefined> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
  return rows[0];
}

export function listPaymentMethods(db: DbOrTx, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/** Gives an unowned card (or one the user owns already) to the user; undefined when neither. */
export async function claimPaymentMethod(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PaymentMethodRow | undefined> {
  const rows = await db
    .update(paymentMethods)
    .set({ userId })
    .where(
      and(
        eq(paymentMethods.id, id),
        or(isNull(paymentMethods.userId), eq(paymentMethods.userId, userId)),
      ),
    )
    .returning();
  return rows[0];
}

/** Marks the user's card default or not; making it default clears the flag on the others. */
export async function markPaymentMethodDefault(
  tx: Tx,
  userId: string,
  id: string,
  isDefault: boolean,
): Promise<PaymentMethodRow | undefined> {
  if (isDefault) {
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, id)));
  }
  const rows = await tx
    .update(paymentMethods)
    .set({ isDefault })
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning();
  return rows[0];
}

export async function deleteOwnedPaymentMethod(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning({ id: paymentMethods.id });
  return rows.length > 0;
}

// Gateway customers

export async function findCustomerId(db: DbOrTx, userId: string): Promise<string | null> {
  const rows = await db
    .select({ customerId: profiles.stripeCustomerId })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return rows[0]?.customerId ?? null;
}

/** Keeps the first customer id recorded for the user; a later one never replaces it. */
export async function saveCustomerId(db: DbOrTx, userId: string, customerId: string) {
  await db
    .insert(profiles)
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { stripeCustomerId: sql`coalesce(${profiles.stripeCustomerId}, ${customerId})` },
    });
}

// Payment intents

export async function insertPaymentIntent(
  db: DbOrTx,
  intent: NewPaymentIntent,
): Promise<PaymentIntentRow> {
  const rows = await db.insert(paymentIntents).values(intent).returning();
  return rows[0]!;
}

export async function findOwnedPaymentIntent(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PaymentIntentRow | undefined> {
  const rows = await db
    .select()
    .from(paymentIntents)
    .where(and(eq(paymentIntents.id, id), eq(paymentIntents.userId, userId)));
  return rows[0];
}

/** The user's purchases that can still be completed, newest first, at most `limit`. */
export function listUnfinishedPaymentIntents(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<PaymentIntentRow[]> {
  return db
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        inArray(paymentIntents.status, [...UNFINISHED_PAYMENT_STATUSES]),
      ),
    )
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .limit(limit);
}

/** Locks an intent for a status change; with `userId`, only if that user owns it. */
export async function lockPaymentIntent(
  tx: Tx,
  id: string,
  userId?: string,
): Promise<PaymentIntentRow | undefined> {
  const rows = await tx
    .select()
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.id, id),
        userId === undefined ? undefined : eq(paymentIntents.userId, userId),
      ),
    )
    .for('update');
  return rows[0];
}

export async function updatePaymentIntentStatus(
  db: DbOrTx,
  id: string,
  status: PaymentIntentStatus,
  failureMessage: string | null,
): Promise<PaymentIntentRow> {
  const rows = await db
    .update(paymentIntents)
    .set({ status, failureMessage, updatedAt: sql`now()` })
    .where(eq(paymentIntents.id, id))
    .returning();
  return rows[0]!;
}

/** The intent of a receipt and its customer's e-mail; undefined when either is gone. */
export async function findIntentWithEmail(db: DbOrTx, intentId: string) {
  const [row] = await db
    .select({ intent: paymentIntents, email: authUsers.email })
    .from(paymentIntents)
    .innerJoin(authUsers, eq(authUsers.id, paymentIntents.userId))
    .where(eq(paymentIntents.id, intentId));
  return row;
}

// Webhook events

/** Records a gateway event; false when it was recorded before (a redelivery). */
export async function recordWebhookEvent(
  db: DbOrTx,
  event: { id: string; type: string },
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return inserted.length > 0;
}

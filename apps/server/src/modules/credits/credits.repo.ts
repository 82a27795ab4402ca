import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { creditBalances, creditLedger, paymentIntents, type LedgerKind } from '../../db/schema.ts';
import type { DbOrTx, Tx } from '../../db/transaction.ts';

export interface LedgerResult {
  /** False when the movement had already been recorded (idempotent repeat). */
  applied: boolean;
  balance: number;
}

/**
 * Locks the user's balance row (creating it at zero first), so every movement of one user's
 * credit runs one after another, on PostgreSQL as on PGlite.
 */
export async function lockBalance(tx: Tx, userId: string): Promise<number> {
  await tx.insert(creditBalances).values({ userId, balance: 0 }).onConflictDoNothing();
  const rows = await tx
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId))
    .for('update');
  const row = rows[0];
  if (!row) throw new Error(`credit balance row missing for ${userId}`);
  return row.balance;
}

export async function hasLedgerEntry(
  db: DbOrTx,
  kind: LedgerKind,
  reference: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.kind, kind), eq(creditLedger.reference, reference)))
    .limit(1);
  return rows.length > 0;
}

/** Appends one ledger row and moves the balance, locked by the caller, by the same delta. */
export async function appendLedgerEntry(
  tx: Tx,
  entry: {
    userId: string;
    kind: LedgerKind;
    delta: number;
    balance: number;
    reference?: string | null;
    actorId?: string | null;
    reason?: string | null;
  },
): Promise<LedgerResult> {
  const balanceAfter = entry.balance + entry.delta;
  const inserted = await tx
    .insert(creditLedger)
    .values({
      id: randomUUID(),
      userId: entry.userId,
      kind: entry.kind,
      delta: entry.delta,
      balanceAfter,
      reference: entry.reference ?? null,
      actorId: entry.actorId ?? null,
      reason: entry.reason ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return { applied: false, balance: entry.balance };
  await tx
    .update(creditBalances)
    .set({ balance: balanceAfter, updatedAt: sql`now()` })
    .where(eq(creditBalances.userId, entry.userId));
  return { applied: true, balance: balanceAfter };
}

/**
 * One statement: the balance moves only if it covers the spend and the reference is new, and the
 * ledger row is written from the moved balance. The UPDATE takes the balance row's lock, as every
 * other movement does. Returns the balance after, or null when nothing moved.
 */
export async function spendIfCovered(
  db: DbOrTx,
  input: { userId: string; credits: number; reference: string },
): Promise<number | null> {
  const { userId, credits, reference } = input;
  const moved = await db.execute<{ balance_after: number }>(sql`
    with moved as (
      update ${creditBalances}
      set balance = balance - ${credits}, updated_at = now()
      where user_id = ${userId} and balance >= ${credits}
        and not exists (
          select 1 from ${creditLedger} where kind = 'spend' and reference = ${reference}
        )
      returning balance
    )
    insert into ${creditLedger} (id, user_id, kind, delta, balance_after, reference)
    select ${randomUUID()}, ${userId}, 'spend', ${-credits}, balance, ${reference} from moved
    returning balance_after`);
  const row = moved.rows[0];
  return row ? Number(row.balance_after) : null;
}

/** The user's balance; zero before any movement. */
export async function getBalance(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));
  return rows[0]?.balance ?? 0;
}

/** The user's payment intents (credit purchases), newest first. */
export function listPurchases(db: DbOrTx, userId: string, limit: number) {
  return db
    .select()
    .from(paymentIntents)
    .where(eq(paymentIntents.userId, userId))
    .orderBy(desc(paymentIntents.createdAt), desc(paymentIntents.id))
    .limit(limit);
}

import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditBalances, creditLedger, type LedgerKind } from '../../db/schema.ts';

/** A Drizzle transaction on either driver. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The balance cannot cover a spend; nothing was written. */
export class InsufficientCreditsError extends Error {
  readonly code = 'INSUFFICIENT_CREDITS';
  constructor(
    readonly balance: number,
    readonly requested: number,
  ) {
    super(`Insufficient credits: balance ${balance}, requested ${requested}`);
  }
}

export interface LedgerResult {
  /** False when the movement had already been recorded (idempotent repeat). */
  applied: boolean;
  balance: number;
}

function assertPositiveCredits(credits: number): void {
  if (!Number.isSafeInteger(credits) || credits <= 0) {
    throw new RangeError(`credits must be a positive integer, got ${credits}`);
  }
}

/**
 * Locks the user's balance row (creating it at zero first), so every movement of one user's
 * credit runs one after another, on PostgreSQL as on PGlite.
 */
async function lockBalance(tx: Tx, userId: string): Promise<number> {
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

async function alreadyRecorded(tx: Tx, kind: LedgerKind, reference: string): Promise<boolean> {
  const rows = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.kind, kind), eq(creditLedger.reference, reference)))
    .limit(1);
  return rows.length > 0;
}

/** Appends one ledger row and moves the (locked) balance by the same delta. */
async function append(
  tx: Tx,
  entry: {
    userId: string;
    kind: LedgerKind;
    delta: number;
    balance: number;
    reference?: string | null;
    actorId?: string | null;
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

function inTransaction<T>(db: Db, tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : db.transaction(work);
}

/**
 * Credits a succeeded payment intent exactly once: repeats and concurrent calls for the same
 * intent leave one purchase row.
 */
export async function creditPurchase(
  db: Db,
  input: { userId: string; paymentIntentId: string; credits: number },
  tx?: Tx,
): Promise<LedgerResult> {
  assertPositiveCredits(input.credits);
  return inTransaction(db, tx, async (t) => {
    const balance = await lockBalance(t, input.userId);
    if (await alreadyRecorded(t, 'purchase', input.paymentIntentId)) {
      return { applied: false, balance };
    }
    return append(t, {
      userId: input.userId,
      kind: 'purchase',
      delta: input.credits,
      balance,
      reference: input.paymentIntentId,
    });
  });
}

/**
 * Spends credits for `reference` (an order id). Throws InsufficientCreditsError, writing
 * nothing, when the balance cannot cover it. Pass the caller's transaction to spend and create
 * the order atomically.
 *
 * On the hot path of every order, so it is one statement: the balance moves only if it covers
 * the spend and the reference is new, and the ledger row is written from the moved balance. The
 * UPDATE takes the balance row's lock, as every other movement does. Two concurrent spends of one
 * reference (never an order's: each has a new id) end with one unique violation, rolled back.
 */
export async function spend(
  db: Db,
  input: { userId: string; credits: number; reference: string },
  tx?: Tx,
): Promise<LedgerResult> {
  assertPositiveCredits(input.credits);
  const { userId, credits, reference } = input;
  return inTransaction(db, tx, async (t) => {
    const moved = await t.execute<{ balance_after: number }>(sql`
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
    if (row) return { applied: true, balance: Number(row.balance_after) };
    const balance = await getBalance(t, userId);
    if (await alreadyRecorded(t, 'spend', reference)) return { applied: false, balance };
    throw new InsufficientCreditsError(balance, credits);
  });
}

/** Returns credits for `reference` (an order id), at most once per reference. */
export async function refund(
  db: Db,
  input: { userId: string; credits: number; reference: string },
  tx?: Tx,
): Promise<LedgerResult> {
  assertPositiveCredits(input.credits);
  return inTransaction(db, tx, async (t) => {
    const balance = await lockBalance(t, input.userId);
    if (await alreadyRecorded(t, 'refund', input.reference)) return { applied: false, balance };
    return append(t, {
      userId: input.userId,
      kind: 'refund',
      delta: input.credits,
      balance,
      reference: input.reference,
    });
  });
}

/**
 * An admin sets the balance: one adjustment row with the difference and the acting admin; none
 * when the balance already is `newBalance`. `previous` is the balance it replaced.
 */
export async function adjustTo(
  db: Db,
  input: { userId: string; newBalance: number; actorId: string },
  tx?: Tx,
): Promise<LedgerResult & { previous: number }> {
  if (!Number.isSafeInteger(input.newBalance) || input.newBalance < 0) {
    throw new RangeError(`newBalance must be a non-negative integer, got ${input.newBalance}`);
  }
  return inTransaction(db, tx, async (t) => {
    const balance = await lockBalance(t, input.userId);
    if (balance === input.newBalance) return { applied: false, balance, previous: balance };
    const result = await append(t, {
      userId: input.userId,
      kind: 'adjustment',
      delta: input.newBalance - balance,
      balance,
      actorId: input.actorId,
    });
    return { ...result, previous: balance };
  });
}

/** The user's balance; zero before any movement. */
export async function getBalance(db: Db | Tx, userId: string): Promise<number> {
  const rows = await db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));
  return rows[0]?.balance ?? 0;
}

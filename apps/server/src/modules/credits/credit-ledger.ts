import { inTransaction, type DbOrTx } from '../../db/transaction.ts';
import {
  appendLedgerEntry,
  getBalance,
  hasLedgerEntry,
  lockBalance,
  spendIfCovered,
  type LedgerResult,
} from './credits.repo.ts';

/*
 * The rules of the credit ledger (docs/product-rules.md#money). Each movement takes the database, or the
 * caller's transaction to move credit atomically with the caller's own change.
 */

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

function assertPositiveCredits(credits: number): void {
  if (!Number.isSafeInteger(credits) || credits <= 0) {
    throw new RangeError(`credits must be a positive integer, got ${credits}`);
  }
}

/** Adds credits for `reference` once per kind: a repeat finds the first row and writes nothing. */
async function addOnce(
  db: DbOrTx,
  kind: 'purchase' | 'refund',
  entry: { userId: string; credits: number; reference: string; actorId?: string; reason?: string },
): Promise<LedgerResult> {
  assertPositiveCredits(entry.credits);
  return await inTransaction(db, async (tx) => {
    const balance = await lockBalance(tx, entry.userId);
    if (await hasLedgerEntry(tx, kind, entry.reference)) return { applied: false, balance };
    return appendLedgerEntry(tx, {
      userId: entry.userId,
      kind,
      delta: entry.credits,
      balance,
      reference: entry.reference,
      actorId: entry.actorId,
      reason: entry.reason,
    });
  });
}

/**
 * Credits a succeeded payment intent exactly once: repeats and concurrent calls for the same
 * intent leave one purchase row.
 */
export function creditPurchase(
  db: DbOrTx,
  input: { userId: string; paymentIntentId: string; credits: number },
): Promise<LedgerResult> {
  const { userId, credits, paymentIntentId } = input;
  return addOnce(db, 'purchase', { userId, credits, reference: paymentIntentId });
}

/**
 * Spends credits for `reference` (an order id). Throws InsufficientCreditsError, writing
 * nothing, when the balance cannot cover it. Pass the caller's transaction to spend and create
 * the order atomically.
 *
 * On the hot path of every order, so the movement is one statement. Two concurrent spends of one
 * reference (never an order's: each has a new id) end with one unique violation, rolled back.
 */
export async function spend(
  db: DbOrTx,
  input: { userId: string; credits: number; reference: string },
): Promise<LedgerResult> {
  assertPositiveCredits(input.credits);
  return inTransaction(db, async (tx) => {
    const moved = await spendIfCovered(tx, input);
    if (moved !== null) return { applied: true, balance: moved };
    const balance = await getBalance(tx, input.userId);
    if (await hasLedgerEntry(tx, 'spend', input.reference)) return { applied: false, balance };
    throw new InsufficientCreditsError(balance, input.credits);
  });
}

/**
 * Returns credits for `reference` (an order id), at most once per reference; an admin's refund
 * names the admin and its `reason` (a problem found in the report).
 */
export function refund(
  db: DbOrTx,
  input: { userId: string; credits: number; reference: string; actorId?: string; reason?: string },
): Promise<LedgerResult> {
  return addOnce(db, 'refund', input);
}

/**
 * An admin sets the balance: one adjustment row with the difference and the acting admin; none
 * when the balance already is `newBalance`. `previous` is the balance it replaced.
 */
export async function adjustTo(
  db: DbOrTx,
  input: { userId: string; newBalance: number; actorId: string },
): Promise<LedgerResult & { previous: number }> {
  if (!Number.isSafeInteger(input.newBalance) || input.newBalance < 0) {
    throw new RangeError(`newBalance must be a non-negative integer, got ${input.newBalance}`);
  }
  return inTransaction(db, async (tx) => {
    const balance = await lockBalance(tx, input.userId);
    if (balance === input.newBalance) return { applied: false, balance, previous: balance };
    const result = await appendLedgerEntry(tx, {
      userId: input.userId,
      kind: 'adjustment',
      delta: input.newBalance - balance,
      balance,
      actorId: input.actorId,
    });
    return { ...result, previous: balance };
  });
}

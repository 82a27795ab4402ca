import { and, desc, eq, gt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authAccounts, authUsers, pendingRegistrations } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';

export type PendingRegistration = typeof pendingRegistrations.$inferSelect;
export type NewPendingRegistration = typeof pendingRegistrations.$inferInsert;

/** The sign-ups of `email` still waiting at `now`, newest first, at most `limit`. */
export function livePendingRegistrations(
  db: Db | Tx,
  email: string,
  now: Date,
  limit: number,
): Promise<PendingRegistration[]> {
  return db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.email, email), gt(pendingRegistrations.expiresAt, now)))
    .orderBy(desc(pendingRegistrations.createdAt), desc(pendingRegistrations.id))
    .limit(limit);
}

export async function insertPendingRegistration(
  db: Db | Tx,
  row: NewPendingRegistration,
): Promise<void> {
  await db.insert(pendingRegistrations).values(row);
}

export async function deleteExpiredPendingRegistrations(db: Db | Tx, now: Date): Promise<void> {
  await db.delete(pendingRegistrations).where(lte(pendingRegistrations.expiresAt, now));
}

/** Deletes the sign-ups of `email` but the newest `keep`. */
export async function keepNewestPendingRegistrations(
  db: Db | Tx,
  email: string,
  keep: number,
): Promise<void> {
  const newest = db
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email))
    .orderBy(desc(pendingRegistrations.createdAt), desc(pendingRegistrations.id))
    .limit(keep);
  await db
    .delete(pendingRegistrations)
    .where(and(eq(pendingRegistrations.email, email), notInArray(pendingRegistrations.id, newest)));
}

/** A new code for one sign-up, with its wrong entries forgotten; false if the sign-up is gone. */
export async function replacePendingCode(
  db: Db | Tx,
  id: string,
  code: { codeHash: string; codeExpiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(pendingRegistrations)
    .set({ ...code, attempts: 0 })
    .where(eq(pendingRegistrations.id, id))
    .returning({ id: pendingRegistrations.id });
  return rows.length > 0;
}

export async function countWrongCode(db: Db | Tx, id: string): Promise<void> {
  await db
    .update(pendingRegistrations)
    .set({ attempts: sql`${pendingRegistrations.attempts} + 1` })
    .where(eq(pendingRegistrations.id, id));
}

/**
 * Deletes one sign-up if it is still waiting at `now`; false when it is gone (verified, replaced
 * or expired meanwhile). The delete is the claim, so two verifications cannot both use it.
 */
export async function claimPendingRegistration(tx: Tx, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .delete(pendingRegistrations)
    .where(and(eq(pendingRegistrations.id, id), gt(pendingRegistrations.expiresAt, now)))
    .returning({ id: pendingRegistrations.id });
  return rows.length > 0;
}

export async function deletePendingRegistrationsOf(db: Db | Tx, email: string): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}

/**
 * The account of a verified sign-up: better-auth's user row (verified) and its credential with
 * the sign-up's password hash, as better-auth's own sign-up writes them. False when the address
 * already has an account (another sign-up of it was verified first).
 */
export async function createVerifiedAccount(
  tx: Tx,
  account: {
    userId: string;
    accountId: string;
    email: string;
    name: string;
    givenName: string | null;
    familyName: string | null;
    passwordHash: string;
    now: Date;
  },
): Promise<boolean> {
  const { userId, now } = account;
  const users = await tx
    .insert(authUsers)
    .values({
      id: userId,
      email: account.email,
      name: account.name,
      emailVerified: true,
      givenName: account.givenName,
      familyName: account.familyName,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: authUsers.email })
    .returning({ id: authUsers.id });
  if (users.length === 0) return false;
  await tx.insert(authAccounts).values({
    id: account.accountId,
    accountId: userId,
    providerId: 'credential',
    userId,
    password: account.passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  return true;
}

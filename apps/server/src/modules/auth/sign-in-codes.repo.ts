import { randomUUID, timingSafeEqual } from 'node:crypto';
import { AUTH_LIMITS } from '@vr/contracts';
import { desc, eq } from 'drizzle-orm';
import { authVerifications } from '../../db/schema.ts';
import { inTransaction, type DbOrTx } from '../../db/transaction.ts';

/*
 * Sign-in codes of an account under attack live next to better-auth's own codes, in the same
 * form (`<hash>:<wrong entries>`), under identifiers of ours that better-auth never reads. One
 * code per account and address: only the address that asked for it can use or spend it.
 */

function signInCodeIdentifier(email: string, ip: string): string {
  return `sign-in-step-up:${email}:${ip}`;
}

/** Replaces the address's sign-in code of this account; the old one stops working. */
export async function replaceSignInCode(
  executor: DbOrTx,
  code: { email: string; ip: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  const identifier = signInCodeIdentifier(code.email, code.ip);
  await executor.delete(authVerifications).where(eq(authVerifications.identifier, identifier));
  await executor.insert(authVerifications).values({
    id: randomUUID(),
    identifier,
    value: `${code.codeHash}:0`,
    expiresAt: code.expiresAt,
    createdAt: code.now,
    updatedAt: code.now,
  });
}

/**
 * Whether `codeHash` is that of the address's live sign-in code. A wrong entry is counted; after
 * `otpAttempts` of them, or once expired, the code matches nothing.
 */
export async function matchSignInCode(
  db: DbOrTx,
  entry: { email: string; ip: string; codeHash: string; now: Date },
): Promise<boolean> {
  const identifier = signInCodeIdentifier(entry.email, entry.ip);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(authVerifications)
      .where(eq(authVerifications.identifier, identifier))
      .orderBy(desc(authVerifications.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt <= entry.now) return false;
    const separator = row.value.lastIndexOf(':');
    const stored = row.value.slice(0, separator);
    const wrong = Number(row.value.slice(separator + 1));
    if (!(wrong < AUTH_LIMITS.otpAttempts)) return false;
    if (sameText(stored, entry.codeHash)) return true;
    await tx
      .update(authVerifications)
      .set({ value: `${stored}:${wrong + 1}`, updatedAt: entry.now })
      .where(eq(authVerifications.id, row.id));
    return false;
  });
}

/** The sign-in the code was for succeeded: it cannot be used again. */
export async function deleteSignInCode(db: DbOrTx, email: string, ip: string): Promise<void> {
  await db
    .delete(authVerifications)
    .where(eq(authVerifications.identifier, signInCodeIdentifier(email, ip)));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

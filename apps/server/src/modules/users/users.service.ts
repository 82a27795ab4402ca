import { DEFAULT_FIRST_NAME, DEFAULT_LAST_NAME, type AuthUser, type Role } from '@vr/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { profiles } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.repo.ts';
import {
  ensureProfile,
  findIdentityByEmail,
  findUserWithRole,
  findVerifiedByEmails,
  setRole,
  type IdentityRow,
} from './users.repo.ts';

export function toAuthUser(user: IdentityRow, role: Role): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.givenName?.trim() || DEFAULT_FIRST_NAME,
    lastName: user.familyName?.trim() || DEFAULT_LAST_NAME,
    role,
  };
}

export async function loadAuthUser(db: Db, userId: string): Promise<AuthUser | undefined> {
  const found = await findUserWithRole(db, userId);
  return found ? toAuthUser(found.user, found.role) : undefined;
}

function isAdminEmail(adminEmails: readonly string[], email: string): boolean {
  return adminEmails.includes(email.toLowerCase());
}

/**
 * After an identity proved its e-mail (verification, or a reset by code): it gets its profile,
 * as ADMIN when its address is in ADMIN_EMAILS.
 */
export async function onEmailVerified(
  db: Db | Tx,
  user: { id: string; email: string },
  adminEmails: readonly string[],
): Promise<void> {
  await ensureProfile(db, user.id, isAdminEmail(adminEmails, user.email));
}

/** POST /api/api/register: the backend profile of the signed-in identity, idempotently. */
export async function registerProfile(
  db: Db,
  user: { id: string; email: string },
  adminEmails: readonly string[],
): Promise<{ created: boolean; user: AuthUser }> {
  const { created } = await ensureProfile(db, user.id, isAdminEmail(adminEmails, user.email));
  const authUser = await loadAuthUser(db, user.id);
  if (!authUser) throw new Error(`identity ${user.id} vanished while registering`);
  return { created, user: authUser };
}

/** At boot: every verified account of ADMIN_EMAILS is ADMIN. Returns the promoted addresses. */
export async function bootstrapAdmins(db: Db, adminEmails: readonly string[]): Promise<string[]> {
  const verified = await findVerifiedByEmails(db, adminEmails);
  for (const user of verified) await ensureProfile(db, user.id, true);
  return verified.map((u) => u.email);
}

export type SetRoleResult =
  { ok: true; email: string; role: Role } | { ok: false; reason: 'unknown-email' };

export async function setRoleByEmail(db: Db, email: string, role: Role): Promise<SetRoleResult> {
  const user = await findIdentityByEmail(db, email.trim().toLowerCase());
  if (!user) return { ok: false, reason: 'unknown-email' };
  await db.transaction(async (tx) => {
    const before = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.userId, user.id));
    await setRole(tx, user.id, role);
    await recordAudit(tx, {
      actorId: 'cli',
      action: 'role.set',
      targetType: 'user',
      targetId: user.id,
      before: { role: before[0]?.role ?? null },
      after: { role },
    });
  });
  return { ok: true, email: user.email, role };
}

/**
 * What delete-unverified-user (spec) finds to delete: never anything. An account exists only
 * once its e-mail is verified (docs/decisions/0010-pending-registrations.md), and sign-ups
 * waiting for their code need no deleting: each is separate, expires, and the first one
 * verified removes the others. So nobody can remove, or hold on to, someone else's sign-up.
 */
export async function unverifiedUserDeletion(
  db: Db,
  email: string,
): Promise<'verified' | 'nothing-to-delete'> {
  return (await findIdentityByEmail(db, email)) ? 'verified' : 'nothing-to-delete';
}

import type { Role } from '@vr/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Tx } from '../../db/transaction.ts';
import { authUsers, profiles } from '../../db/schema.ts';

export type IdentityRow = typeof authUsers.$inferSelect;

export interface UserWithRole {
  user: IdentityRow;
  /** USER when the identity has no profile yet. */
  role: Role;
  hasProfile: boolean;
}

export async function findIdentityByEmail(db: Db, email: string): Promise<IdentityRow | undefined> {
  const [row] = await db.select().from(authUsers).where(eq(authUsers.email, email)).limit(1);
  return row;
}

export async function findUserWithRole(db: Db, userId: string): Promise<UserWithRole | undefined> {
  const [row] = await db
    .select({ user: authUsers, role: profiles.role })
    .from(authUsers)
    .leftJoin(profiles, eq(profiles.userId, authUsers.id))
    .where(eq(authUsers.id, userId))
    .limit(1);
  if (!row) return undefined;
  return { user: row.user, role: row.role ?? 'USER', hasProfile: row.role !== null };
}

/**
 * Creates the profile if missing (role USER, or ADMIN when `admin`), and raises an existing one to
 * ADMIN when `admin`; never lowers a role. Returns whether the profile was created now.
 */
export async function ensureProfile(
  db: Db | Tx,
  userId: string,
  admin: boolean,
): Promise<{ created: boolean }> {
  const role: Role = admin ? 'ADMIN' : 'USER';
  const inserted = await db
    .insert(profiles)
    .values({ userId, role })
    .onConflictDoNothing({ target: profiles.userId })
    .returning({ userId: profiles.userId });
  if (inserted.length > 0) return { created: true };
  if (admin) {
    await db
      .update(profiles)
      .set({ role: 'ADMIN', updatedAt: new Date() })
      .where(and(eq(profiles.userId, userId), eq(profiles.role, 'USER')));
  }
  return { created: false };
}

/** The role of a user's profile; null when the user has none yet. */
export async function findProfileRole(db: Db | Tx, userId: string): Promise<Role | null> {
  const [row] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.role ?? null;
}

/** Sets the role of a user, creating the profile when missing. */
export async function setRole(db: Db | Tx, userId: string, role: Role): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, role })
    .onConflictDoUpdate({ target: profiles.userId, set: { role, updatedAt: new Date() } });
}

/** Verified identities among `emails`. */
export async function findVerifiedByEmails(
  db: Db,
  emails: readonly string[],
): Promise<IdentityRow[]> {
  if (emails.length === 0) return [];
  return db
    .select()
    .from(authUsers)
    .where(and(inArray(authUsers.email, [...emails]), eq(authUsers.emailVerified, true)));
}

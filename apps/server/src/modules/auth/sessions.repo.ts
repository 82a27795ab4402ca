import { and, eq, gt, sql } from 'drizzle-orm';
import type { Role } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import { authSessions, authUsers, profiles } from '../../db/schema.ts';

export interface ActiveSession {
  sessionId: string;
  createdAt: Date;
  /** The idle expiry. */
  expiresAt: Date;
  userId: string;
  email: string;
  role: Role;
}

/**
 * The session of a token, unexpired at `now`, with its user and role, in one query: what every
 * authenticated request needs to know (decision 0009).
 */
export async function findActiveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<ActiveSession | undefined> {
  const [row] = await db
    .select({
      sessionId: authSessions.id,
      createdAt: authSessions.createdAt,
      expiresAt: authSessions.expiresAt,
      userId: authUsers.id,
      email: authUsers.email,
      role: sql<Role>`coalesce(${profiles.role}, 'USER')`,
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .leftJoin(profiles, eq(profiles.userId, authUsers.id))
    .where(and(eq(authSessions.token, token), gt(authSessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

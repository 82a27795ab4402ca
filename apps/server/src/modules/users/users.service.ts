import { AUTH_MESSAGES, type AuthUser, type Role } from '@vr/contracts';
import type { Db } from '../../db/client.ts';
import type { DbOrTx } from '../../db/transaction.ts';
import { HttpError } from '../../http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import {
  ensureProfile,
  findIdentityByEmail,
  findProfileRole,
  findUserWithRole,
  findVerifiedByEmails,
  setRole,
  type IdentityRow,
} from './users.repo.ts';

export function toAuthUser(user: IdentityRow, role: Role): AuthUser {
  return {
    id: user.id,
    email: user.email,
    // No placeholder: the web app shows the e-mail where a name is missing.
    firstName: user.givenName?.trim() ?? '',
    lastName: user.familyName?.trim() ?? '',
    role,
  };
}

export type SetRoleResult =
  { ok: true; email: string; role: Role } | { ok: false; reason: 'unknown-email' };

export type UsersService = ReturnType<typeof createUsersService>;

/** Profiles and roles of the accounts better-auth keeps; ADMIN_EMAILS decides who is ADMIN. */
export function createUsersService({
  db,
  adminEmails,
}: {
  db: Db;
  adminEmails: readonly string[];
}) {
  const isAdminEmail = (email: string) => adminEmails.includes(email.toLowerCase());

  async function loadAuthUser(userId: string): Promise<AuthUser | undefined> {
    const found = await findUserWithRole(db, userId);
    return found ? toAuthUser(found.user, found.role) : undefined;
  }

  return {
    loadAuthUser,

    /** The account of an address, if it has one (accounts exist only once verified). */
    findAccountByEmail: (email: string): Promise<{ id: string; email: string } | undefined> =>
      findIdentityByEmail(db, email),

    /**
     * After an identity proved its e-mail (verification, or a reset by code): it gets its
     * profile, as ADMIN when its address is in ADMIN_EMAILS; in the caller's transaction if given.
     */
    async grantProfileOnEmailVerified(
      user: { id: string; email: string },
      tx: DbOrTx = db,
    ): Promise<void> {
      await ensureProfile(tx, user.id, isAdminEmail(user.email));
    },

    /** POST /api/api/register: the backend profile of the signed-in identity, idempotently. */
    async registerProfile(user: {
      id: string;
      email: string;
    }): Promise<{ created: boolean; user: AuthUser }> {
      const { created } = await ensureProfile(db, user.id, isAdminEmail(user.email));
      const authUser = await loadAuthUser(user.id);
      if (!authUser) throw new Error(`identity ${user.id} vanished while registering`);
      return { created, user: authUser };
    },

    /** At boot: every verified account of ADMIN_EMAILS is ADMIN. Returns the promoted addresses. */
    async promoteAdminEmailsToAdmin(): Promise<string[]> {
      const verified = await findVerifiedByEmails(db, adminEmails);
      for (const user of verified) await ensureProfile(db, user.id, true);
      return verified.map((u) => u.email);
    },

    /** The CLI's set-role: sets the role of the account of `email`, with its audit row. */
    async setRoleByEmail(email: string, role: Role): Promise<SetRoleResult> {
      const user = await findIdentityByEmail(db, email.trim().toLowerCase());
      if (!user) return { ok: false, reason: 'unknown-email' };
      await db.transaction(async (tx) => {
        const before = await findProfileRole(tx, user.id);
        await setRole(tx, user.id, role);
        await recordAudit(tx, {
          actorId: 'cli',
          action: 'role.set',
          targetType: 'user',
          targetId: user.id,
          before: { role: before },
          after: { role },
        });
      });
      return { ok: true, email: user.email, role };
    },

    /**
     * Delete-unverified-user deletes nothing: 409 for a verified account, 404 otherwise. An
     * account exists only once its e-mail is verified
     * (docs/decisions/0010-pending-registrations.md), and sign-ups waiting for their code need
     * no deleting: each is separate, expires, and the first one verified removes the others. So
     * nobody can remove, or hold on to, someone else's sign-up.
     */
    async refuseToDeleteUnverifiedUser(email: string): Promise<never> {
      const verified = await findIdentityByEmail(db, email);
      throw new HttpError(verified ? 409 : 404, AUTH_MESSAGES.accountNotDeleted);
    },
  };
}

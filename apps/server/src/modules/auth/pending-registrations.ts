import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { AUTH_LIMITS, AUTH_MESSAGES, splitFullName } from '@vr/contracts';
import { generateId } from 'better-auth';
import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../jobs/mail-delivery.ts';
import type { AuthAccounts } from './accounts.ts';
import { AuthError } from './auth-errors.ts';
import { codeMail, newMailedCode } from './auth.mails.ts';
import {
  claimPendingRegistration,
  countWrongCode,
  createVerifiedAccount,
  deleteExpiredPendingRegistrations,
  deletePendingRegistrationsOf,
  insertPendingRegistration,
  keepNewestPendingRegistrations,
  livePendingRegistrations,
  replacePendingCode,
  type PendingRegistration,
} from './pending-registrations.repo.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** better-auth's configured password hasher, so a verified sign-up's hash serves sign-in as is. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export interface RegistrationsDeps {
  db: Db;
  jobs: JobSender;
  passwords: PasswordHasher;
  /** The instance's auth secret: codes are stored as an HMAC under it. */
  secret: string;
  productName: string;
  accounts: Pick<AuthAccounts, 'grantProfileOnEmailVerified'>;
}

export type VerifyOutcome =
  | { ok: true; userId: string }
  | {
      ok: false;
      /**
       * wrong-code: the code is not that of a sign-up with this password (or no sign-up has this
       * password); gone: the sign-up went meanwhile; verified: the address got its account meanwhile.
       */
      reason: 'wrong-code' | 'expired-code' | 'attempts-exceeded' | 'gone' | 'verified';
    };

/**
 * Sign-ups waiting for their mailed code (docs/decisions/0010-pending-registrations.md). Each
 * sign-up is its own row with its own password hash and code; no account exists until one is
 * verified with its code and its password, which creates the account with that password and
 * removes the address's other sign-ups.
 */
export function createRegistrations(deps: RegistrationsDeps) {
  const { db, jobs, passwords, secret } = deps;

  const codeHash = (id: string, code: string) =>
    createHmac('sha256', secret).update(`${id}:${code}`).digest('hex');

  const codeMatches = (pending: PendingRegistration, code: string): boolean => {
    const expected = Buffer.from(pending.codeHash, 'hex');
    const given = Buffer.from(codeHash(pending.id, code), 'hex');
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  /** A fresh code for the sign-up `id`, as stored (hashed) and as mailed. */
  const newCode = (id: string, now: Date) => {
    const code = newMailedCode();
    const stored = {
      codeHash: codeHash(id, code),
      codeExpiresAt: new Date(now.getTime() + AUTH_LIMITS.otpTtlMinutes * MINUTE_MS),
    };
    return { code, stored };
  };

  const mail = (email: string, code: string) =>
    codeMail(deps.productName, email, 'email-verification', code);

  /** The first of `pendings` (newest first) whose password is `password`. */
  async function withPassword(
    pendings: readonly PendingRegistration[],
    password: string,
  ): Promise<PendingRegistration | undefined> {
    for (const pending of pendings) {
      if (await passwords.verify({ hash: pending.passwordHash, password })) return pending;
    }
    return undefined;
  }

  /** Creates the account of a verified sign-up and removes the address's other sign-ups. */
  async function complete(pending: PendingRegistration, now: Date): Promise<VerifyOutcome> {
    const userId = generateId();
    const name = pending.fullName.trim();
    const { givenName, familyName } = splitFullName(name);
    return db.transaction(async (tx): Promise<VerifyOutcome> => {
      if (!(await claimPendingRegistration(tx, pending.id, now))) {
        return { ok: false, reason: 'gone' };
      }
      const created = await createVerifiedAccount(tx, {
        userId,
        accountId: generateId(),
        email: pending.email,
        name,
        givenName,
        familyName,
        passwordHash: pending.passwordHash,
        now,
      });
      if (!created) return { ok: false, reason: 'verified' };
      await deletePendingRegistrationsOf(tx, pending.email);
      await deps.accounts.grantProfileOnEmailVerified({ id: userId, email: pending.email }, tx);
      return { ok: true, userId };
    });
  }

  return {
    /**
     * Records a new sign-up and queues its code mail in the same transaction. Expired sign-ups
     * go, and the address keeps at most `pendingSignUpsPerEmail` (the oldest is dropped), which
     * bounds the password checks a verification may need.
     */
    async start(input: { email: string; password: string; fullName: string }): Promise<void> {
      const passwordHash = await passwords.hash(input.password);
      const now = new Date();
      const id = randomUUID();
      const { code, stored } = newCode(id, now);
      await db.transaction(async (tx) => {
        await deleteExpiredPendingRegistrations(tx, now);
        await keepNewestPendingRegistrations(
          tx,
          input.email,
          AUTH_LIMITS.pendingSignUpsPerEmail - 1,
        );
        await insertPendingRegistration(tx, {
          id,
          email: input.email,
          passwordHash,
          fullName: input.fullName,
          ...stored,
          attempts: 0,
          expiresAt: new Date(now.getTime() + AUTH_LIMITS.pendingSignUpHours * HOUR_MS),
          createdAt: now,
        });
        await enqueueMail(jobs, tx, mail(input.email, code));
      });
    },

    /** The sign-ups of `email` still waiting, newest first. */
    live(email: string): Promise<PendingRegistration[]> {
      return livePendingRegistrations(db, email, new Date(), AUTH_LIMITS.pendingSignUpsPerEmail);
    },

    /** The newest of `pendings` made with `password`: the caller's own sign-up. */
    ownOf: withPassword,

    /**
     * Verifies the sign-up whose code is `code` and whose password is `password`, and creates
     * its account. A wrong code counts against the caller's own sign-up (the newest with this
     * password) only, so nobody can use up the attempts of someone else's sign-up.
     */
    async verify(
      pendings: readonly PendingRegistration[],
      code: string,
      password: string,
    ): Promise<VerifyOutcome> {
      const now = new Date();
      const mailedThisCode = pendings.filter((pending) => codeMatches(pending, code));
      const byCode = await withPassword(mailedThisCode, password);
      const own =
        byCode ??
        (await withPassword(
          pendings.filter((pending) => !mailedThisCode.includes(pending)),
          password,
        ));
      if (!own) return { ok: false, reason: 'wrong-code' };
      if (own.attempts >= AUTH_LIMITS.otpAttempts)
        return { ok: false, reason: 'attempts-exceeded' };
      if (!byCode) {
        await countWrongCode(db, own.id);
        return { ok: false, reason: 'wrong-code' };
      }
      if (own.codeExpiresAt <= now) return { ok: false, reason: 'expired-code' };
      return complete(own, now);
    },

    /**
     * Mails a new code for one sign-up; its previous code stops working. False when the sign-up
     * went meanwhile.
     */
    async mailNewCode(pending: PendingRegistration): Promise<boolean> {
      const { code, stored } = newCode(pending.id, new Date());
      return db.transaction(async (tx) => {
        if (!(await replacePendingCode(tx, pending.id, stored))) return false;
        await enqueueMail(jobs, tx, mail(pending.email, code));
        return true;
      });
    },
  };
}

export type Registrations = ReturnType<typeof createRegistrations>;

/**
 * The sign-ups of an address that has no account yet, newest first: 409 when it has an
 * account, 404 (`notFound`) when nobody is waiting to verify it.
 */
export async function waitingSignUps(
  deps: { accounts: Pick<AuthAccounts, 'findAccountByEmail'>; registrations: Registrations },
  email: string,
  notFound: string,
): Promise<PendingRegistration[]> {
  if (await deps.accounts.findAccountByEmail(email)) {
    throw new AuthError(409, 'EMAIL_ALREADY_VERIFIED', AUTH_MESSAGES.alreadyVerified);
  }
  const pendings = await deps.registrations.live(email);
  if (pendings.length === 0) throw new AuthError(404, 'USER_NOT_FOUND', notFound);
  return pendings;
}

import type { Db } from '../../db/client.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import type { AuthAccounts } from './accounts.ts';
import type { AuthInstance } from './better-auth.ts';
import type { PasswordHasher, Registrations } from './pending-registrations.ts';

/** What auth writes to the log: faults, refusals worth a look, and better-auth's chatter. */
export interface AuthLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  debug(details: object, message: string): void;
}

/**
 * Everything the account flows stand on; each flow takes the part it uses
 * (`Pick<AuthFlowDeps, ...>`), and `createAuthService` (auth.service.ts) hands them all.
 */
export interface AuthFlowDeps {
  /** better-auth: sessions, reset codes, sign-in and sign-out are its work. */
  auth: AuthInstance;
  db: Db;
  /** better-auth's password hasher (passwordHasherOf). */
  passwords: PasswordHasher;
  registrations: Registrations;
  accounts: AuthAccounts;
  /** Where better-auth's handler is addressed (PUBLIC_URL). */
  publicUrl: string;
  log: AuthLog;
  /** Queues the sign-in code mails of accounts under attack. */
  jobs: JobSender;
  productName: string;
}
